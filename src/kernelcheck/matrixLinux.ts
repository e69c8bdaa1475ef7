/**
 * Kernel-check scenarios for issue 11 items 4, 5, 7 and 10 and the Fabric hosts' link MTU (the "linux"
 * part of the fixed matrix): presets plus objects added in code, each marked
 * `packetwalk.dev/assumption: kernelcheck …`. Expected results are never
 * written here: the model traces each flow and run.ts compares.
 */
import YAML from 'yaml';
import { PRESETS } from '../engine/index';
import type { ScenarioSpec } from './matrix';
import { multiAddressYaml, NODE_PORT, SECONDARY_OTHER_SUBNET as FAR, SECONDARY_SAME_SUBNET as NEAR } from '../engine/testing/multiAddress';

const ASSUMED = 'packetwalk.dev/assumption';

function withDocs(preset: string, edit: (yaml: string) => string, docs: object[]): string {
  const base = edit(PRESETS.find((p) => p.name === preset)!.yaml).trimEnd();
  return `${base}\n${docs.map((d) => `---\n${YAML.stringify(d)}`).join('')}`;
}

/** A host-specific FelixConfiguration: Felix on `node` reads it before `default`. */
function felixNode(node: string, spec: object): object {
  return { apiVersion: 'projectcalico.org/v3', kind: 'FelixConfiguration', metadata: { name: `node.${node}`, annotations: { [ASSUMED]: 'kernelcheck: one node configured apart' } }, spec };
}

/** Item 10: pod `demo/borrower` on k8s-node-2 holds 172.20.211.60 from k8s-node-1's block. */
const borrower = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'borrower', namespace: 'demo', labels: { app: 'borrower' }, annotations: { [ASSUMED]: "kernelcheck: an address borrowed from k8s-node-1's block" } },
  spec: { nodeName: 'k8s-node-2' },
  status: { podIP: '172.20.211.60' },
};

/** demo carries part 20's default deny (presets/policies.ts); the borrow flows are about routes, so the borrower admits everything. */
const borrowerPolicy = {
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  metadata: { name: 'allow-all-to-borrower', namespace: 'demo', annotations: { [ASSUMED]: 'kernelcheck: the borrow flows test routes, not policy' } },
  spec: { podSelector: { matchLabels: { app: 'borrower' } }, ingress: [{}] },
};

const noStrictAffinity = (y: string): string => y.replace('strictAffinity: true', 'strictAffinity: false');

export function linuxScenarios(): ScenarioSpec[] {
  return [
    {
      name: 'k8s-main-after, strictAffinity false, demo/borrower on k8s-node-2 in k8s-node-1\'s block',
      yaml: withDocs('k8s-main-after', noStrictAffinity, [borrower, borrowerPolicy]),
      flows: [
        { id: 'borrow-01', title: 'node→borrowed pod address: Felix\'s /32 toward the node that runs the pod, TCP', req: { src: 'node:k8s-master-1', dst: 'pod:demo/borrower', proto: 'tcp', dport: 8080 } },
        { id: 'borrow-02', title: 'pod on the block owner→borrowed address (the /32 beats the blackhole), ICMP', req: { src: 'pod:demo/net', dst: 'pod:demo/borrower', proto: 'icmp' } },
        { id: 'borrow-03', title: 'borrowed pod→pod on another node, UDP', req: { src: 'pod:demo/borrower', dst: 'pod:kube-system/coredns-0', proto: 'udp', dport: 53 } },
      ],
    },
    {
      name: 'k8s-main-after, Fabric subnet nodes with pathMtu 1400 under 1500-byte NICs',
      yaml: withDocs('k8s-main-after', (y) => y.replace('    mtu: 1500\n', '    mtu: 1500\n    pathMtu: 1400\n'), []),
      flows: [
        { id: 'pmtu-01', title: 'pod→pod, ICMP 1400 bytes: 1450 over VXLAN, lost on the 1400-byte path', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp', size: 1400 } },
        { id: 'pmtu-02', title: 'pod→pod, ICMP 1350 bytes: 1400 over VXLAN, fits', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp', size: 1350 } },
        { id: 'pmtu-03', title: 'node→node, ICMP 1450 bytes, no encapsulation: lost on the path', req: { src: 'node:k8s-node-1', dst: 'node:k8s-node-2', proto: 'icmp', size: 1450 } },
        { id: 'pmtu-04', title: 'node→node, ICMP 1400 bytes: fits', req: { src: 'node:k8s-node-1', dst: 'node:k8s-node-2', proto: 'icmp', size: 1400 } },
      ],
    },
    {
      name: 'k8s-main-after, Fabric subnet nodes at MTU 1400 (the uplink to internet stays 1500)',
      yaml: withDocs('k8s-main-after', (y) => y.replace('    mtu: 1500\n', '    mtu: 1400\n'), []),
      flows: [
        { id: 'hmtu-01', title: 'client→internet, ICMP 1401 bytes DF: EMSGSIZE on client\'s 1400-byte link, nothing sent', req: { src: 'host:client', dst: 'host:internet', proto: 'icmp', size: 1401, df: true } },
        { id: 'hmtu-02', title: 'client→internet, ICMP 1401 bytes: fragmented by client', req: { src: 'host:client', dst: 'host:internet', proto: 'icmp', size: 1401 } },
        { id: 'hmtu-03', title: 'internet→node, ICMP 1450 bytes DF: the gateway answers fragmentation needed (mtu 1400)', req: { src: 'host:internet', dst: 'node:k8s-node-1', proto: 'icmp', size: 1450, df: true } },
        { id: 'hmtu-04', title: 'internet→node, ICMP 1450 bytes, DF clear: fragmented by the gateway', req: { src: 'host:internet', dst: 'node:k8s-node-1', proto: 'icmp', size: 1450, df: false } },
        { id: 'hmtu-05', title: 'internet→client, UDP 1501 bytes: fragmented on internet\'s 1500-byte uplink', req: { src: 'host:internet', dst: 'host:client', proto: 'udp', dport: 5353, size: 1501 } },
      ],
    },
    {
      name: 'k8s-main-after, k8s-node-1 with several addresses (ens18 .20 and .40, ens19 on 192.168.20.0/24), kube-proxy nftables, nodePortAddresses primary (default)',
      yaml: multiAddressYaml({ mode: 'nftables' }),
      flows: [
        { id: 'maddr-01', title: 'client→secondary address on the same subnet, ICMP: enters the node', req: { src: 'host:client', dst: NEAR, proto: 'icmp' } },
        { id: 'maddr-02', title: 'client→address of the further NIC via the gateway, ICMP: enters by ens19, the reply leaves by ens18', req: { src: 'host:client', dst: FAR, proto: 'icmp' } },
        { id: 'maddr-03', title: 'faraway→address of the further NIC on its own subnet, UDP', req: { src: 'host:faraway', dst: FAR, proto: 'udp', dport: 5353 } },
        { id: 'maddr-04', title: 'NodePort on the primary address: served', req: { src: 'host:client', dst: 'node:k8s-node-1', proto: 'tcp', dport: NODE_PORT } },
        { id: 'maddr-05', title: 'NodePort on a secondary address: not in nodeport-ips (primary only), the node\'s own socket', req: { src: 'host:client', dst: NEAR, proto: 'tcp', dport: NODE_PORT } },
        { id: 'maddr-06', title: 'pod on another node→address of the further NIC, ICMP', req: { src: 'pod:demo/hello', dst: FAR, proto: 'icmp' } },
      ],
    },
    {
      name: 'k8s-main-after, k8s-node-1 with several addresses, kube-proxy nftables, nodePortAddresses [192.168.20.0/24]',
      yaml: multiAddressYaml({ mode: 'nftables', nodePortAddresses: ['192.168.20.0/24'] }),
      flows: [
        { id: 'npa-01', title: 'NodePort on the further NIC\'s address (in the CIDR): served', req: { src: 'host:faraway', dst: FAR, proto: 'tcp', dport: NODE_PORT } },
        { id: 'npa-02', title: 'NodePort on the primary address (outside the CIDR): not served', req: { src: 'host:client', dst: 'node:k8s-node-1', proto: 'tcp', dport: NODE_PORT } },
      ],
    },
    {
      name: 'k8s-main-after, k8s-node-1 with several addresses, kube-proxy iptables, nodePortAddresses unset (every local address)',
      yaml: multiAddressYaml({ mode: 'iptables' }),
      flows: [
        { id: 'npa-03', title: 'NodePort on a secondary address: addrtype LOCAL, served', req: { src: 'host:client', dst: NEAR, proto: 'tcp', dport: NODE_PORT } },
        { id: 'npa-04', title: 'NodePort on the further NIC\'s address: served', req: { src: 'host:faraway', dst: FAR, proto: 'tcp', dport: NODE_PORT } },
      ],
    },
    {
      name: 'k8s-main-after, FelixConfiguration node.k8s-node-2 vxlanPort 4790',
      yaml: withDocs('k8s-main-after', (y) => y, [felixNode('k8s-node-2', { vxlanPort: 4790 })]),
      flows: [{ id: 'vxport-01', title: 'VXLAN to UDP 4789 where vxlan.calico listens on 4790: no socket, dropped', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } }],
    },
    {
      name: 'k8s-main-after, FelixConfiguration node.k8s-node-2 vxlanVNI 4097',
      yaml: withDocs('k8s-main-after', (y) => y, [felixNode('k8s-node-2', { vxlanVNI: 4097 })]),
      flows: [{ id: 'vxvni-01', title: 'VXLAN VNI 4096 to a device of VNI 4097: no device for the VNI, dropped', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp' } }],
    },
  ];
}

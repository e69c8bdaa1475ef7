/**
 * Kernel-check scenario for issue 13: Felix's nftables policy chains (the
 * filter layer of `table ip calico`) built in network namespaces and
 * compared with the model, flow by flow. k8s-main-after (part 20's policies
 * from the preset: default deny in demo, allow web/net → hello, the node
 * ipBlock) plus objects added here, marked `packetwalk.dev/assumption:
 * kernelcheck …`: pods demo/db (named port `pg`), other/client and
 * other/api; a named-port and namespaceSelector ingress, an egress policy,
 * an ipBlock with except, a Calico NetworkPolicy Deny and a
 * GlobalNetworkPolicy Deny. Expected results are never written here: the
 * model traces each flow and run.ts compares (TCP flows include the reply,
 * which passes by conntrack's established fast path).
 */
import YAML from 'yaml';
import { PRESETS } from '../engine/index';
import type { ScenarioSpec } from './matrix';

const ASSUMED = 'packetwalk.dev/assumption';
const note = { [ASSUMED]: 'kernelcheck: policy flows (issue 13)' };

function pod(ns: string, name: string, node: string, ip: string, app: string, ports?: object[]): object {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns, labels: { app }, annotations: note }, spec: { nodeName: node, ...(ports ? { containers: [{ name: app, ports }] } : {}) }, status: { podIP: ip } };
}

const namespace = (name: string, labels: Record<string, string>): object => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...labels } } });

const knp = (ns: string, name: string, spec: object): object => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace: ns, annotations: note }, spec });

const extra: object[] = [
  namespace('demo', {}),
  namespace('other', { team: 'other' }),
  namespace('kube-system', {}),
  pod('demo', 'db', 'k8s-node-2', '172.20.172.7', 'db', [{ name: 'pg', containerPort: 5432 }]),
  pod('other', 'client', 'k8s-node-2', '172.20.172.8', 'client'),
  pod('other', 'api', 'k8s-master-1', '172.20.70.195', 'api'),
  // Named port and namespaceSelector on ingress.
  knp('demo', 'db-ingress', {
    podSelector: { matchLabels: { app: 'db' } },
    policyTypes: ['Ingress'],
    ingress: [
      { from: [{ podSelector: { matchLabels: { app: 'net' } } }], ports: [{ port: 'pg' }] },
      { from: [{ namespaceSelector: { matchLabels: { team: 'other' } } }], ports: [{ protocol: 'TCP', port: 5432 }] },
    ],
  }),
  // Egress: other/client may reach demo's pods on TCP 8080 and 5432 only.
  knp('other', 'client-egress', {
    podSelector: { matchLabels: { app: 'client' } },
    policyTypes: ['Egress'],
    egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'demo' } } }], ports: [{ protocol: 'TCP', port: 8080 }, { protocol: 'TCP', port: 5432 }] }],
  }),
  // ipBlock with except: the pool, less k8s-node-1's block.
  knp('other', 'api-from-pool', {
    podSelector: { matchLabels: { app: 'api' } },
    policyTypes: ['Ingress'],
    ingress: [{ from: [{ ipBlock: { cidr: '172.20.0.0/16', except: ['172.20.211.0/26'] } }] }],
  }),
  // Calico NetworkPolicy, ordered before the Kubernetes ones: Deny TCP 9000-9099 to hello.
  { apiVersion: 'projectcalico.org/v3', kind: 'NetworkPolicy', metadata: { name: 'deny-admin', namespace: 'demo', annotations: note }, spec: { order: 10, selector: "app == 'hello'", types: ['Ingress'], ingress: [{ action: 'Deny', protocol: 'TCP', destination: { ports: ['9000:9099'] } }] } },
  // GlobalNetworkPolicy: no ICMP to api.
  { apiVersion: 'projectcalico.org/v3', kind: 'GlobalNetworkPolicy', metadata: { name: 'no-icmp-to-api', annotations: note }, spec: { order: 5, selector: "app == 'api'", types: ['Ingress'], ingress: [{ action: 'Deny', protocol: 'ICMP' }] } },
];

function yaml(): string {
  const base = PRESETS.find((p) => p.name === 'k8s-main-after')!.yaml.trimEnd();
  return `${base}\n${extra.map((d) => `---\n${YAML.stringify(d)}`).join('')}`;
}

const tcp = (src: string, dst: string, dport: number) => ({ src, dst, proto: 'tcp' as const, dport });

export function policyScenarios(): ScenarioSpec[] {
  return [
    {
      name: 'k8s-main-after + NetworkPolicy (part 20 set, named port, namespaceSelector, egress, ipBlock except, Calico Deny, GlobalNetworkPolicy)',
      yaml: yaml(),
      flows: [
        { id: 'pol-01', title: 'net→db, named port pg (5432): allowed by db-ingress', req: tcp('pod:demo/net', 'pod:demo/db', 5432) },
        { id: 'pol-02', title: 'net→db TCP 5433: no rule allows it, default deny', req: tcp('pod:demo/net', 'pod:demo/db', 5433) },
        { id: 'pol-03', title: 'hello-2→db TCP 5432: not app=net, default deny', req: tcp('pod:demo/hello-2', 'pod:demo/db', 5432) },
        { id: 'pol-04', title: 'other/client→db TCP 5432: egress allowed, ingress by namespaceSelector team=other', req: tcp('pod:other/client', 'pod:demo/db', 5432) },
        { id: 'pol-05', title: 'other/client→hello TCP 8080: egress allowed, ingress default deny (client is not in demo)', req: tcp('pod:other/client', 'pod:demo/hello', 8080) },
        { id: 'pol-06', title: 'other/client→coredns UDP 53: egress default deny at the source', req: { src: 'pod:other/client', dst: 'pod:kube-system/coredns-0', proto: 'udp', dport: 53 } },
        { id: 'pol-07', title: 'other/client→db UDP 5432: egress allows TCP only', req: { src: 'pod:other/client', dst: 'pod:demo/db', proto: 'udp', dport: 5432 } },
        { id: 'pol-08', title: 'net→hello TCP 9000: Calico NetworkPolicy deny-admin (Deny, order 10)', req: tcp('pod:demo/net', 'pod:demo/hello', 9000) },
        { id: 'pol-09', title: 'net→hello TCP 8080: allowed by allow-clients-to-hello, reply by conntrack', req: tcp('pod:demo/net', 'pod:demo/hello', 8080) },
        { id: 'pol-10', title: 'net→hello UDP 8080: allow-clients-to-hello names no ports', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'udp', dport: 8080 } },
        { id: 'pol-11', title: 'net→hello-2 ICMP on the same node: allowed', req: { src: 'pod:demo/net', dst: 'pod:demo/hello-2', proto: 'icmp' } },
        { id: 'pol-12', title: 'hello→net TCP 8080: net is selected by default-deny', req: tcp('pod:demo/hello', 'pod:demo/net', 8080) },
        { id: 'pol-13', title: 'hello-2→net ICMP, same node: default deny', req: { src: 'pod:demo/hello-2', dst: 'pod:demo/net', proto: 'icmp' } },
        { id: 'pol-14', title: 'coredns→hello TCP 8080: not web/net, default deny', req: tcp('pod:kube-system/coredns-0', 'pod:demo/hello', 8080) },
        { id: 'pol-15', title: 'net→api TCP 8080: net is in the except of the ipBlock', req: tcp('pod:demo/net', 'pod:other/api', 8080) },
        { id: 'pol-16', title: 'hello→api TCP 8080: inside the ipBlock, allowed', req: tcp('pod:demo/hello', 'pod:other/api', 8080) },
        { id: 'pol-17', title: 'hello→api ICMP: GlobalNetworkPolicy no-icmp-to-api (Deny)', req: { src: 'pod:demo/hello', dst: 'pod:other/api', proto: 'icmp' } },
        { id: 'pol-18', title: 'node-1→api TCP 8080: from the tunnel address 172.20.211.0, in the except', req: tcp('node:k8s-node-1', 'pod:other/api', 8080) },
        { id: 'pol-19', title: 'node-2→api TCP 8080: from the tunnel address 172.20.172.0, allowed', req: tcp('node:k8s-node-2', 'pod:other/api', 8080) },
        { id: 'pol-20', title: 'master→hello-2 TCP 8080: tunnel address, not in the node ipBlock (the migration trap)', req: tcp('node:k8s-master-1', 'pod:demo/hello-2', 8080) },
        { id: 'pol-21', title: 'node-2→hello TCP 8080, same node: node address, allowed by allow-nodes-to-hello', req: tcp('node:k8s-node-2', 'pod:demo/hello', 8080) },
        { id: 'pol-22', title: 'api→hello TCP 8080: no egress policy on api, ingress default deny', req: tcp('pod:other/api', 'pod:demo/hello', 8080) },
        { id: 'pol-23', title: 'db→coredns UDP 53: no policy selects either side for this direction (profiles)', req: { src: 'pod:demo/db', dst: 'pod:kube-system/coredns-0', proto: 'udp', dport: 53 } },
      ],
    },
  ];
}

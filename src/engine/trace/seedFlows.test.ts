/**
 * The seed's flows, with the values it captured.
 *
 * IP plan (from the seed):
 *   main cluster  k8s-master-1 192.168.10.17 (block 172.20.70.192/26)
 *                 k8s-node-1   192.168.10.20 (block 172.20.211.0/26; net = 172.20.211.53)
 *                 k8s-node-2   192.168.10.21 (block 172.20.172.0/26; hello = 172.20.172.6)
 *   lab cluster   k8s-lab-node-1 192.168.10.24 (hello 172.21.211.8), k8s-lab-node-2 .26 (net),
 *                 k8s-lab-win-1 .25 (web 172.21.41.6); demo/hello ClusterIP 10.97.141.163:80 → 8080, NodePort 30080
 *   fabric        gateway 192.168.10.1, client 192.168.10.50, internet 203.0.113.10
 */
import { describe, expect, it } from 'vitest';
import { outerIp, innerIp, vxlanHeader, innerL4 } from '../model/packetOps';
import { fromYaml, preset, trace, wireLines } from '../testing/traceHelpers';
import { PRESETS } from '../presets/catalog';

describe('ping net → hello (seed, part 37 step 4)', () => {
  it('after the migration: VXLAN VNI 4096 between the node IPs, TTL 62, reply reversed', () => {
    const t = trace(preset('k8s-main-after'), { src: 'pod:demo/net', dst: '172.20.172.6', proto: 'icmp' });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', ip: '172.20.172.6', seenSrcIp: '172.20.211.53', ttl: 62 });
    expect(t.wire).toHaveLength(1);
    const w = t.wire[0]!.packet;
    expect(outerIp(w)).toMatchObject({ src: '192.168.10.20', dst: '192.168.10.21', proto: 'udp' });
    expect(w.headers[2]).toMatchObject({ kind: 'udp', dport: 4789 });
    expect(vxlanHeader(w)).toEqual({ kind: 'vxlan', vni: 4096, flags: 0x08 });
    expect(innerIp(w)).toMatchObject({ src: '172.20.211.53', dst: '172.20.172.6', proto: 'icmp' });
    expect(innerL4(w)).toMatchObject({ kind: 'icmp', type: 8, id: 23, seq: 0 });
    // tcpdump -ni ens18 udp port 4789, as the seed captured it (source port differs: the kernel hashes the flow).
    expect(wireLines(t)[0]).toMatch(/^k8s-node-1>k8s-node-2: IP 192\.168\.10\.20\.\d+ > 192\.168\.10\.21\.4789: VXLAN, flags \[I\] \(0x08\), vni 4096 \| IP 172\.20\.211\.53 > 172\.20\.172\.6: ICMP echo request, id 23, seq 0, length 64$/);
    const r = t.reply!;
    expect(r.verdict).toBe('delivered');
    expect(r.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '172.20.172.6', ttl: 62 });
    expect(wireLines(r)[0]).toMatch(/IP 192\.168\.10\.21\.\d+ > 192\.168\.10\.20\.4789: VXLAN, flags \[I\] \(0x08\), vni 4096 \| IP 172\.20\.172\.6 > 172\.20\.211\.53: ICMP echo reply, id 23, seq 0, length 64$/);
  });

  it('the pod eth0 MTU is 1450 in both modes', () => {
    for (const name of ['k8s-main-before', 'k8s-main-after']) {
      const st = preset(name).nodes.get('k8s-node-1');
      if (st?.kind !== 'linux') throw new Error('linux node expected');
      expect(st.pods.find((p) => p.pod === 'demo/net')!.eth0.mtu).toBe(1450);
    }
  });

  it('before the migration: no encapsulation, via 192.168.10.21 dev ens18', () => {
    const t = trace(preset('k8s-main-before'), { src: 'pod:demo/net', dst: '172.20.172.6', proto: 'icmp' });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.ttl).toBe(62);
    const fwd = t.steps.find((s) => s.node === 'k8s-node-1' && s.action === 'forward')!;
    expect(fwd.rule?.text).toBe('172.20.172.0/26 via 192.168.10.21 dev ens18 proto 80 onlink');
    expect(t.wire).toHaveLength(1);
    expect(vxlanHeader(t.wire[0]!.packet)).toBeUndefined();
    expect(outerIp(t.wire[0]!.packet)).toMatchObject({ src: '172.20.211.53', dst: '172.20.172.6' });
  });
});

describe('a hostNetwork process on k8s-node-1 → 172.20.172.6', () => {
  // TCP 8080: the port part 20's NetworkPolicy demo/allow-nodes-to-hello opens to the node addresses (presets/policies.ts).
  const flow = { src: 'node:k8s-node-1', dst: '172.20.172.6', proto: 'tcp', dport: 8080 } as const;
  it('after: the pod would see the tunnel address 172.20.211.0, so the ipBlock of node addresses no longer admits it', () => {
    const t = trace(preset('k8s-main-after'), flow);
    // The seed's warning (step 4): NetworkPolicy demo/allow-nodes-to-hello lists 192.168.10.0/24 only, so demo's default deny drops it.
    expect(t.verdict).toBe('dropped');
    const deny = t.steps.find((s) => s.explain.key === 'policy.defaultDeny')!;
    expect(deny.node).toBe('k8s-node-2');
    expect(innerIp(deny.before).src).toBe('172.20.211.0');
  });
  it('after, with the tunnel address added to the ipBlock rule as step 4 says: delivered from 172.20.211.0', () => {
    const yaml = PRESETS.find((p) => p.name === 'k8s-main-after')!.yaml.replace('    - ipBlock: {cidr: 192.168.10.0/24}\n', '    - ipBlock: {cidr: 192.168.10.0/24}\n    - ipBlock: {cidr: 172.20.211.0/32}\n');
    const t = trace(fromYaml(yaml), flow);
    expect(t.delivered?.seenSrcIp).toBe('172.20.211.0');
    expect(t.reply?.delivered).toMatchObject({ node: 'k8s-node-1', ip: '172.20.211.0' });
  });
  it('before: the pod sees the node address 192.168.10.20 (admitted by demo/allow-nodes-to-hello)', () => {
    const t = trace(preset('k8s-main-before'), flow);
    expect(t.delivered?.seenSrcIp).toBe('192.168.10.20');
    expect(t.steps.find((s) => s.explain.key === 'policy.allow')?.explain.params).toMatchObject({ policy: 'NetworkPolicy demo/allow-nodes-to-hello' });
  });
});

describe('lab: Linux flows to demo/hello', () => {
  const lab = () => preset('k8s-lab');

  it('pod → ClusterIP 10.97.141.163:80 is DNATed to 172.21.211.8:8080 without masquerade (source in clusterCIDR)', () => {
    const t = trace(lab(), { src: 'pod:demo/net', dst: 'svc:demo/hello' });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', ip: '172.21.211.8', port: 8080, seenSrcIp: '172.21.172.5' });
    const dnat = t.steps.find((s) => s.action === 'dnat')!;
    expect(dnat.rule?.text).toBe('meta l4proto tcp dnat to 172.21.211.8:8080');
    expect(dnat.at.chain).toMatch(/^endpoint-[A-Z2-7]{8}-demo\/hello\/tcp\/http__172\.21\.211\.8\/8080$/);
    expect(dnat.changed).toEqual(['ipv4.dst', 'tcp.dport']);
    expect(t.steps.some((s) => s.action === 'masquerade')).toBe(false);
    // The reply comes back from the service address (conntrack un-DNAT).
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '10.97.141.163', seenSrcPort: 80 });
  });

  it('pod on the backend node → ClusterIP stays on the node', () => {
    const c = lab();
    const t = trace(c, { src: 'pod:kube-system/coredns-1', dst: 'svc:demo/hello' });
    expect(t.verdict).toBe('delivered');
    expect(t.wire).toHaveLength(0);
  });

  it('NodePort 30080 from the outside client, externalTrafficPolicy Cluster: masqueraded, so the pod sees the node (tunnel) address', () => {
    const t = trace(lab(), { src: 'host:client', dst: 'node:k8s-lab-node-2', dport: 30080 });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', ip: '172.21.211.8', port: 8080 });
    // Leaving by vxlan.calico, masquerade picks that device's address: node-2's tunnel address.
    expect(t.delivered?.seenSrcIp).toBe('172.21.172.0');
    expect(t.steps.find((s) => s.action === 'masquerade')?.at.chain).toBe('masquerading');
    expect(t.reply?.delivered).toMatchObject({ node: 'client', seenSrcIp: '192.168.10.26', seenSrcPort: 30080 });
  });

  it('NodePort on the backend node itself: masqueraded to the node IP... unless ETP Local keeps the client IP', () => {
    const t = trace(lab(), { src: 'host:client', dst: 'node:k8s-lab-node-1', dport: 30080 });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', seenSrcIp: '192.168.10.24' });
  });

  it('egress to the internet host: Calico natOutgoing masquerades to the node IP', () => {
    const t = trace(lab(), { src: 'pod:demo/net', dst: 'host:internet', dport: 443 });
    expect(t.delivered).toMatchObject({ node: 'internet', seenSrcIp: '192.168.10.26' });
    const masq = t.steps.find((s) => s.action === 'masquerade')!;
    expect(masq.at).toMatchObject({ table: 'ip calico', chain: 'nat-cali-nat-outgoing' });
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '203.0.113.10', seenSrcPort: 443 });
  });

  it('pod → pod across nodes is not NATed (destination inside the pools)', () => {
    const t = trace(lab(), { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.delivered?.seenSrcIp).toBe('172.21.172.5');
    expect(t.steps.some((s) => s.action === 'masquerade')).toBe(false);
  });
});

describe('next packet of a connection', () => {
  it('takes the conntrack path: no nft DNAT rule, same endpoint', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/net', dst: 'svc:demo/hello', packet: 'next' });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.ip).toBe('172.21.211.8');
    expect(t.steps.some((s) => s.at.component === 'netfilter' && s.action === 'dnat')).toBe(false);
    const ct = t.steps.find((s) => s.at.component === 'conntrack' && s.action === 'dnat')!;
    expect(ct.rule?.text).toContain('dst=10.97.141.163');
    // The first packet's reply was seen: conntrack -L shows the entry established.
    expect(ct.rule?.text).toMatch(/^tcp 6 ESTABLISHED .*\[ASSURED\]/);
    expect(innerL4(t.steps[0]!.after)).toMatchObject({ flags: '.' });
  });
});

describe('MTU', () => {
  it('a 1500-byte ping from a pod is fragmented locally at eth0 (MTU 1450) by default', () => {
    const t = trace(preset('k8s-main-after'), { src: 'pod:demo/net', dst: '172.20.172.6', proto: 'icmp', size: 1500 });
    expect(t.verdict).toBe('delivered');
    const frag = t.steps.find((s) => s.action === 'fragment')!;
    expect(frag.explain.params).toMatchObject({ mtu: 1450, count: 2, dev: 'eth0' });
  });
  it('with DF forced (ping -M do) the socket gets EMSGSIZE', () => {
    const t = trace(preset('k8s-main-after'), { src: 'pod:demo/net', dst: '172.20.172.6', proto: 'icmp', size: 1500, df: true });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'mtu-exceeded-local', params: { mtu: 1450 } });
  });
  it('a host process sending 1480 bytes with DF: EMSGSIZE at vxlan.calico after; before, it fits ens18 but not the pod veth on node-2', () => {
    const after = trace(preset('k8s-main-after'), { src: 'node:k8s-node-1', dst: '172.20.172.6', proto: 'icmp', size: 1480, df: true });
    expect(after.reason).toMatchObject({ code: 'mtu-exceeded-local', params: { mtu: 1450, dev: 'vxlan.calico' } });
    const before = trace(preset('k8s-main-before'), { src: 'node:k8s-node-1', dst: '172.20.172.6', proto: 'icmp', size: 1480, df: true });
    // The host side of the pod's veth has the pod MTU (1450) too, so node-2 answers "fragmentation needed".
    expect(before.reason).toMatchObject({ code: 'fragmentation-needed', params: { mtu: 1450, node: 'k8s-node-2', dev: 'cali4f041ee6e82' } });
  });
  it('a forwarded packet with DF larger than the VXLAN route MTU gets ICMP fragmentation-needed', () => {
    const t = trace(preset('k8s-main-after'), { src: 'host:client', dst: '172.20.172.6', proto: 'tcp', dport: 8080, size: 1480, fromNode: 'k8s-node-1' });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'fragmentation-needed', params: { mtu: 1450, dev: 'vxlan.calico', node: 'k8s-node-1' } });
  });
});

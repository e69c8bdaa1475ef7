/**
 * Flows through k8s-lab-win-1 (HNS network Calico, Overlay, VSID 4096;
 * kube-proxy winkernel with DSR). Expected values from the seed where it
 * gives them (web 172.21.41.6 → ClusterIP 10.97.141.163:80 → 172.21.211.8:8080
 * on k8s-lab-node-1, VXLAN VNI 4096, outer 192.168.10.25 → 192.168.10.24 UDP
 * 4789; the unified flow; the limitations list) and DATAPATH-FACTS §4.4–4.5,
 * §5, §7 otherwise; the sources are named beside each case.
 */
import { describe, expect, it } from 'vitest';
import { K8S_LAB_YAML } from '../presets/k8sLab';
import { innerIp, outerIp, ports, vxlanHeader } from '../model/packetOps';
import { fromYaml, preset, trace } from '../testing/traceHelpers';
import type { Trace } from '../model/trace';

const lab = () => preset('k8s-lab');
const WIN = 'k8s-lab-win-1';

function winSteps(t: Trace, level: 'hop' | 'any' = 'any') {
  return t.steps.filter((s) => s.node === WIN && (level === 'any' || s.level === 'hop'));
}

/** The lab with a YAML edit; throws if the edit did not apply (a test bug). */
function labWith(edit: (yaml: string) => string) {
  const yaml = edit(K8S_LAB_YAML);
  if (yaml === K8S_LAB_YAML) throw new Error('edit changed nothing');
  return fromYaml(yaml);
}

describe('web → ClusterIP demo/hello (the seed\'s unified-flow example)', () => {
  const t = trace(lab(), { src: 'pod:demo/web', dst: 'svc:demo/hello' });

  it('is load-balanced at web\'s own port (LB_DSR) to 172.21.211.8:8080 and leaves in VXLAN VNI 4096 to 192.168.10.24', () => {
    expect(t.verdict).toBe('delivered');
    const lb = winSteps(t).find((s) => s.at.layer === 'LB_DSR')!;
    expect(innerIp(lb.before).dst).toBe('10.97.141.163');
    expect(innerIp(lb.after).dst).toBe('172.21.211.8');
    expect(ports(lb.after).dport).toBe(8080);
    const w = t.wire[0]!;
    expect(w).toMatchObject({ from: WIN, to: 'k8s-lab-node-1' });
    expect(outerIp(w.packet)).toMatchObject({ src: '192.168.10.25', dst: '192.168.10.24' });
    expect(w.packet.headers[2]).toMatchObject({ kind: 'udp', dport: 4789 });
    expect(vxlanHeader(w.packet)?.vni).toBe(4096);
  });

  it('composes the layers into one unified flow, worded as the seed words it', () => {
    const uft = winSteps(t).find((s) => s.action === 'flow-create')!;
    expect(uft.rule?.text).toContain('10.97.141.163:80 → 172.21.211.8:8080, encapsulate VXLAN (VNI 4096) to 192.168.10.24');
  });

  it('keeps the pod\'s address with DSR; the reply is un-NATed by the flow cache back at web', () => {
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', ip: '172.21.211.8', port: 8080, seenSrcIp: '172.21.41.6' });
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/web', seenSrcIp: '10.97.141.163', seenSrcPort: 80 });
    expect(t.reply?.steps.some((s) => s.node === WIN && s.action === 'flow-reverse')).toBe(true);
  });

  it('does not NAT: the pool address is in the OutBoundNAT exception list', () => {
    const exempt = winSteps(t).find((s) => s.action === 'nat-exempt')!;
    expect(exempt.explain.params).toMatchObject({ dst: '172.21.211.8', exception: '172.21.0.0/16' });
  });

  it('a later packet hits the flow cache: one step on the Windows node instead of the layers, same result', () => {
    const next = trace(lab(), { src: 'pod:demo/web', dst: 'svc:demo/hello', packet: 'next' });
    expect(next.delivered).toMatchObject({ ip: t.delivered!.ip, port: 8080, seenSrcIp: '172.21.41.6' });
    const vfp = winSteps(next).filter((s) => s.at.component === 'vfp' || s.at.component === 'uft');
    expect(vfp.map((s) => s.action)).toEqual(['flow-hit']);
    expect(vxlanHeader(vfp[0]!.after)?.vni).toBe(4096);
    expect(outerIp(next.wire[0]!.packet).dst).toBe('192.168.10.24');
  });

  it('without DSR the backend sees the source VIP 172.21.41.2 (K1 SourceVIP; DATAPATH-FACTS §4.5, assumption)', () => {
    const noDsr = trace(labWith((y) => y.replace('enableDSR: true', 'enableDSR: false')), { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(noDsr.delivered?.seenSrcIp).toBe('172.21.41.2');
    expect(noDsr.reply?.delivered).toMatchObject({ pod: 'demo/web', seenSrcIp: '10.97.141.163', seenSrcPort: 80 });
    const lb = noDsr.steps.find((s) => s.at.layer === 'SLB_LB_LAYER')!;
    expect(lb.rule?.assumption).toBe(true);
  });
});

describe('Linux pod ↔ Windows pod, Windows pod ↔ Windows pod', () => {
  it('net on node-2 → web: VXLAN 192.168.10.26 → 192.168.10.25, decapsulated by VFP, no NAT either way', () => {
    const t = trace(lab(), { src: 'pod:demo/net', dst: 'pod:demo/web', dport: 80 });
    expect(t.delivered).toMatchObject({ pod: 'demo/web', ip: '172.21.41.6', port: 80, seenSrcIp: '172.21.172.5' });
    expect(outerIp(t.wire[0]!.packet)).toMatchObject({ src: '192.168.10.26', dst: '192.168.10.25' });
    expect(winSteps(t).some((s) => s.action === 'decapsulate' && s.at.layer === 'VNET_ENCAP_LAYER')).toBe(true);
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '172.21.41.6', seenSrcPort: 80 });
    expect(outerIp(t.reply!.wire[0]!.packet)).toMatchObject({ src: '192.168.10.25', dst: '192.168.10.26' });
  });

  it('web → iis on the same node: switched locally, nothing on the wire, TTL untouched (Windows starts at 128)', () => {
    const t = trace(lab(), { src: 'pod:demo/web', dst: 'pod:demo/iis', dport: 80 });
    expect(t.delivered).toMatchObject({ pod: 'demo/iis', seenSrcIp: '172.21.41.6', ttl: 128 });
    expect(t.wire).toEqual([]);
    expect(t.steps.some((s) => s.action === 'encapsulate')).toBe(false);
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/web', seenSrcIp: '172.21.41.5' });
  });
});

describe('NodePort from the outside client to k8s-lab-win-1', () => {
  it('local backend (demo/web, ETP Cluster, no DSR): the pod sees the source VIP; the reply leaves the node from 192.168.10.25:30081', () => {
    const t = trace(lab(), { src: 'host:client', dst: '192.168.10.25', dport: 30081, fromNode: WIN, backend: '172.21.41.5' });
    expect(t.delivered).toMatchObject({ pod: 'demo/iis', port: 80, seenSrcIp: '172.21.41.2' });
    expect(t.reply?.delivered).toMatchObject({ node: 'client', seenSrcIp: '192.168.10.25', seenSrcPort: 30081 });
    expect(t.reply?.wire.map((w) => `${w.from}>${w.to}`)).toEqual([`${WIN}>client`]);
  });

  it('remote backend (demo/hello on node-1): VXLAN to node-1 from the source VIP, and the reply comes back through the Windows node', () => {
    const t = trace(lab(), { src: 'host:client', dst: '192.168.10.25', dport: 30080, fromNode: WIN });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', node: 'k8s-lab-node-1', seenSrcIp: '172.21.41.2' });
    expect(vxlanHeader(t.wire[0]!.packet)?.vni).toBe(4096);
    expect(t.reply?.wire.map((w) => `${w.from}>${w.to}`)).toEqual([`k8s-lab-node-1>${WIN}`, `${WIN}>client`]);
    expect(t.reply?.delivered).toMatchObject({ node: 'client', seenSrcIp: '192.168.10.25', seenSrcPort: 30080 });
  });

  it('externalTrafficPolicy Local with DSR: the pod sees the client address (K6: client IP preservation = ETP Local + DSR)', () => {
    const c = labWith((y) => y.replace('    nodePort: 30081\n', '    nodePort: 30081\n  externalTrafficPolicy: Local\n'));
    const t = trace(c, { src: 'host:client', dst: '192.168.10.25', dport: 30081, fromNode: WIN });
    expect(t.delivered?.seenSrcIp).toBe('192.168.10.50');
    expect(t.reply?.delivered).toMatchObject({ node: 'client', seenSrcIp: '192.168.10.25', seenSrcPort: 30081 });
  });

  it('a ClusterIP from the Windows node itself: unsupported (M4; K2: no LocalRoutedVIP on ClusterIP load balancers)', () => {
    const t = trace(lab(), { src: `node:${WIN}`, dst: 'svc:demo/hello' });
    expect(t).toMatchObject({ verdict: 'unsupported', reason: { code: 'clusterip-from-windows-host', params: { vip: '10.97.141.163' } } });
  });

  it('from the Windows node itself: unsupported (K6; the seed «NodePort недоступен с самого узла»)', () => {
    const t = trace(lab(), { src: `node:${WIN}`, dst: '192.168.10.25', dport: 30081 });
    expect(t).toMatchObject({ verdict: 'unsupported', reason: { code: 'nodeport-from-own-node' } });
  });
});

describe('egress from a Windows pod', () => {
  it('TCP to the internet host: OutBoundNAT to the node address, the reply un-NATed back to web', () => {
    const t = trace(lab(), { src: 'pod:demo/web', dst: 'host:internet', dport: 443 });
    expect(t.delivered).toMatchObject({ node: 'internet', seenSrcIp: '192.168.10.25' });
    expect(winSteps(t).find((s) => s.action === 'snat')?.at.layer).toBe('SLB_NAT_LAYER');
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/web', seenSrcIp: '203.0.113.10', seenSrcPort: 443 });
    expect(t.warnings ?? []).toEqual([]);
  });

  it('ICMP echo to the internet host is flagged with the OutBoundNAT caveat (K6; the seed: passes on fresh WS2025)', () => {
    const t = trace(lab(), { src: 'pod:demo/web', dst: 'host:internet', proto: 'icmp' });
    expect(t.verdict).toBe('delivered');
    expect(t.warnings?.map((w) => w.code)).toEqual(['icmp-through-outboundnat']);
  });

  it('pool and service addresses are not NATed: ICMP to a Linux pod carries no caveat', () => {
    const t = trace(lab(), { src: 'pod:demo/web', dst: 'pod:demo/hello', proto: 'icmp' });
    expect(t.delivered?.seenSrcIp).toBe('172.21.41.6');
    expect(t.warnings).toBeUndefined();
  });
});

describe('the seed\'s Windows limitations as verdicts', () => {
  it('hostNetwork for a normal Windows pod (K6, K12 withdrawn)', () => {
    const c = labWith((y) => `${y}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: hostnet\n  namespace: demo\nspec:\n  nodeName: ${WIN}\n  hostNetwork: true\n`);
    const t = trace(c, { src: 'pod:demo/hostnet', dst: 'pod:demo/hello', dport: 8080 });
    expect(t).toMatchObject({ verdict: 'unsupported', reason: { code: 'windows-hostnetwork-unsupported', params: { pod: 'demo/hostnet' } } });
  });

  it('IPv6 from a Windows pod (K6: no IPv6 on overlay; D2)', () => {
    const t = trace(lab(), { src: 'pod:demo/web', dst: 'fd00::10' });
    expect(t).toMatchObject({ verdict: 'unsupported', reason: { code: 'windows-ipv6-calico' } });
  });

  it('short names: `hello` and the FQDN resolve from web, `hello.demo` does not (K6 PQDN without a dot)', () => {
    expect(trace(lab(), { src: 'pod:demo/web', dst: 'dns:hello' }).delivered?.pod).toBe('demo/hello');
    expect(trace(lab(), { src: 'pod:demo/web', dst: 'dns:hello.demo.svc.cluster.local' }).delivered?.pod).toBe('demo/hello');
    expect(trace(lab(), { src: 'pod:demo/web', dst: 'dns:hello.demo' }).reason?.code).toBe('dns-dotted-name-windows');
    // The same dotted name works from a Linux pod (ndots:5 search).
    expect(trace(lab(), { src: 'pod:demo/net', dst: 'dns:hello.demo' }).delivered?.pod).toBe('demo/hello');
  });

  it('more backends than the load balancer cap of the build (K7: 64 before WS2022) → no load balancer', () => {
    const addresses = Array.from({ length: 70 }, (_, i) => `172.21.211.${i + 1}`);
    const c = labWith((y) =>
      y
        .replace('kernelVersion: 10.0.26100.4061', 'kernelVersion: 10.0.17763.6893')
        .replace('- addresses: [172.21.211.8]', addresses.map((a) => `- addresses: [${a}]\n  conditions: {ready: true}\n  nodeName: k8s-lab-node-1`).join('\n') + '\n- addresses: [172.21.211.80]'),
    );
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t).toMatchObject({ verdict: 'unsupported', reason: { code: 'lb-backend-cap-exceeded', params: { cap: 64, otherCap: 1024, build: expect.stringContaining('10.0.17763.6893') } } });
  });

  it('a Linux pod borrowing from the Windows block (no strictAffinity): VFP treats it as local, the packet is lost', () => {
    const c = labWith((y) =>
      y.replace('strictAffinity: true', 'strictAffinity: false') +
        '\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: borrower\n  namespace: demo\nspec:\n  nodeName: k8s-lab-node-1\nstatus:\n  podIP: 172.21.41.10\n',
    );
    const t = trace(c, { src: 'pod:demo/web', dst: 'pod:demo/borrower', dport: 80 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'address-in-windows-block', params: { ip: '172.21.41.10', pod: 'demo/borrower' } } });
  });

  it('a service without endpoints: no load balancer exists on Windows, the packet is lost (K1; assumption)', () => {
    const c = labWith((y) => y.replace('- addresses: [172.21.211.8]\n  conditions: {ready: true, serving: true, terminating: false}', '- addresses: [172.21.211.8]\n  conditions: {ready: false, serving: false, terminating: false}'));
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'no-load-balancer', params: { service: 'demo/hello' } } });
  });

  it('a pod reaching itself through its service with DSR needs loopback DSR (DATAPATH-FACTS §4.5 [M13])', () => {
    const t = trace(lab(), { src: 'pod:demo/web', dst: 'svc:demo/web', backend: '172.21.41.6' });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'dsr-loopback-not-enabled' } });
    expect(trace(lab(), { src: 'pod:demo/web', dst: 'svc:demo/web', backend: '172.21.41.5' }).delivered?.pod).toBe('demo/iis');
  });
});

describe('load balancer options', () => {
  it('sessionAffinity ClientIP: every connection of a client lands on the same backend (K3 SourceIP distribution)', () => {
    const c = labWith((y) => y.replace('    nodePort: 30081\n', '    nodePort: 30081\n  sessionAffinity: ClientIP\n'));
    const pods = new Set(Array.from({ length: 8 }, (_, i) => trace(c, { src: 'host:client', dst: '192.168.10.25', dport: 30081, sport: 40000 + i, fromNode: WIN }).delivered?.pod));
    expect(pods.size).toBe(1);
    const noAffinity = new Set(Array.from({ length: 8 }, (_, i) => trace(lab(), { src: 'host:client', dst: '192.168.10.25', dport: 30081, sport: 40000 + i, fromNode: WIN }).delivered?.pod));
    expect(noAffinity.size).toBe(2);
  });

  it('preserve-destination on a LoadBalancer service: the local pod sees the ingress address as destination (K1/K2 PreserveDIP)', () => {
    const c = labWith((y) =>
      y
        .replace('    packetwalk.dev/assumption: "a Windows-backed NodePort service for local-backend flows"\nspec:\n  type: NodePort', '    packetwalk.dev/assumption: "a Windows-backed NodePort service for local-backend flows"\n    preserve-destination: "true"\nspec:\n  type: LoadBalancer\n  externalTrafficPolicy: Local')
        .replace('    nodePort: 30081\n', '    nodePort: 30081\nstatus:\n  loadBalancer:\n    ingress:\n    - ip: 192.168.10.200\n'),
    );
    const t = trace(c, { src: 'host:client', dst: '192.168.10.200', dport: 80, fromNode: WIN });
    expect(t.delivered).toMatchObject({ ip: '192.168.10.200', port: 80, seenSrcIp: '192.168.10.50' });
    expect(['demo/web', 'demo/iis']).toContain(t.delivered?.pod);
  });
});

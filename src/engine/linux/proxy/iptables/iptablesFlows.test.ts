/**
 * kube-proxy iptables mode traced end to end, against the same scenario in
 * nftables mode: both proxiers implement the same Service semantics, so for
 * every flow (each pinned backend) the verdict, the delivered endpoint and
 * the source the endpoint sees must agree; only the rules differ.
 */
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../../../presets/catalog';
import { PRESETS } from '../../../presets/catalog';
import { loadScenarioText } from '../../../scenario/load';
import { compileScenario, nodeStateViews } from '../../../trace/cluster';
import { traceFlow } from '../../../trace/traceFlow';
import type { FlowRequest } from '../../../trace/request';

function asIptables(preset: string) {
  const yaml = PRESETS.find((p) => p.name === preset)!.yaml;
  expect(yaml).toContain('mode: nftables');
  const r = loadScenarioText(yaml.replace('mode: nftables', 'mode: ""'), `${preset}-iptables`);
  return compileScenario(r.scenario!);
}

function outcome(c: ReturnType<typeof compileScenario>, req: FlowRequest) {
  const r = traceFlow(c, req);
  if (!('trace' in r) || !r.trace) return { error: true };
  const t = r.trace;
  return { verdict: t.verdict, reason: t.reason?.code, delivered: t.delivered ? { node: t.delivered.node, ip: t.delivered.ip, port: t.delivered.port, seenSrcIp: t.delivered.seenSrcIp } : undefined };
}

describe.each(['k8s-lab', 'flannel-vxlan'])('%s: kube-proxy iptables agrees with nftables', (preset) => {
  const nft = compileScenario(loadPreset(preset).scenario!);
  const ipt = asIptables(preset);
  const s = ipt.scenario;
  const linuxPods = s.pods.filter((p) => s.nodes.find((n) => n.name === p.nodeName)?.os === 'linux');
  const flows: FlowRequest[] = [];
  for (const svc of s.services) {
    for (const port of svc.ports) {
      const proto = port.protocol.toLowerCase() as 'tcp' | 'udp';
      for (const p of linuxPods) flows.push({ src: `pod:${p.namespace}/${p.name}`, dst: `svc:${svc.namespace}/${svc.name}`, dport: port.port, proto });
      if (port.nodePort) for (const n of s.nodes.filter((x) => x.os === 'linux')) flows.push({ src: 'host:client', dst: `node:${n.name}`, dport: port.nodePort, proto });
    }
  }

  it('the node runs kube-proxy iptables: iptables-save view, no kube-proxy nftables table', () => {
    const node = s.nodes.find((n) => n.os === 'linux')!.name;
    const st = ipt.nodes.get(node)!;
    expect(st.kind === 'linux' && st.datapath.proxy.modelledAs).toBe('kube-proxy-iptables');
    const views = nodeStateViews(ipt, node);
    expect(views.find((v) => v.id === 'iptables')!.text).toMatch(/^\*filter\n/);
    expect(views.find((v) => v.id === 'nft')!.text).not.toContain('table ip kube-proxy');
  });

  it('every Service flow, every backend: same verdict, endpoint and seen source', () => {
    expect(flows.length).toBeGreaterThan(5);
    for (const f of flows) {
      const first = traceFlow(ipt, f);
      const backends = ('trace' in first && first.trace?.branches?.[0]?.choices) || [undefined];
      for (const b of backends) {
        const req = b ? { ...f, backend: b } : f;
        expect({ f: req, ...outcome(ipt, req) }).toEqual({ f: req, ...outcome(nft, req) });
      }
    }
  });

  it('a ClusterIP flow walks KUBE-SERVICES → KUBE-SVC → KUBE-SEP and DNATs there', () => {
    const f = flows.find((x) => x.dst.startsWith('svc:'))!;
    const r = traceFlow(ipt, f);
    const steps = ('trace' in r && r.trace ? r.trace.steps : []).filter((x) => x.at.component === 'netfilter');
    const chains = steps.map((x) => x.at.chain ?? '');
    expect(chains).toContain('KUBE-SERVICES');
    expect(chains.some((c) => c.startsWith('KUBE-SVC-'))).toBe(true);
    const dnat = steps.find((x) => x.action === 'dnat')!;
    expect(dnat.at.chain).toMatch(/^KUBE-SEP-/);
    expect(dnat.rule?.text).toMatch(/^-A KUBE-SEP-\S+ .*-j DNAT --to-destination /);
  });
});

/**
 * Every step explanation and verdict reason the engine emits on the presets'
 * flows has an English and a Russian sentence, and both catalogues have the
 * same keys.
 */
import { describe, expect, it } from 'vitest';
import { explainEn } from '../i18n/explain.en';
import { explainRu } from '../i18n/explain.ru';
import { compileScenario, loadPreset, traceFlow, type CompiledCluster, type FlowRequest, type Trace } from '../engine/index';

const compiled = new Map<string, CompiledCluster>();
function preset(name: string): CompiledCluster {
  let c = compiled.get(name);
  if (!c) compiled.set(name, (c = compileScenario(loadPreset(name).scenario!)));
  return c;
}

function trace(c: CompiledCluster, req: FlowRequest): Trace {
  const t = traceFlow(c, req).trace;
  if (!t) throw new Error(`no trace for ${req.src} → ${req.dst}`);
  return t;
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const FLOWS: [string, FlowRequest][] = [
  ['k8s-lab', { src: 'pod:demo/web', dst: 'svc:demo/hello' }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'svc:demo/hello', packet: 'next' }],
  ['k8s-lab', { src: 'pod:demo/net', dst: 'pod:demo/web', dport: 80 }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'pod:demo/iis', dport: 80 }],
  ['k8s-lab', { src: 'host:client', dst: '192.168.10.25', dport: 30080, fromNode: 'k8s-lab-win-1' }],
  ['k8s-lab', { src: 'host:client', dst: '192.168.10.25', dport: 30081, fromNode: 'k8s-lab-win-1' }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'host:internet', proto: 'icmp' }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'host:internet', dport: 443 }],
  ['k8s-lab', { src: 'node:k8s-lab-win-1', dst: '192.168.10.25', dport: 30081 }],
  ['k8s-lab', { src: 'node:k8s-lab-win-1', dst: 'pod:demo/hello', dport: 8080 }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'dns:hello' }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'dns:hello.demo' }],
  ['k8s-lab', { src: 'pod:demo/web', dst: 'fd00::1' }],
  ['k8s-lab', { src: 'pod:demo/net', dst: 'dns:hello' }],
  ['k8s-lab', { src: 'pod:demo/net', dst: 'host:internet', dport: 443 }],
  ['k8s-lab', { src: 'pod:demo/net', dst: 'svc:demo/hello', packet: 'next' }],
  ['k8s-main-before', { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp' }],
  ['k8s-main-after', { src: 'node:k8s-node-1', dst: 'svc:demo/hello' }],
  ['k8s-lab-bgp', { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 }],
  ['flannel-vxlan', { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 }],
  ['flannel-vxlan', { src: 'pod:demo/api', dst: 'pod:demo/hello', dport: 8080 }],
  ['flannel-vxlan', { src: 'pod:demo/api', dst: 'svc:demo/hello' }],
  ['flannel-vxlan', { src: 'pod:demo/net', dst: 'host:internet', dport: 443 }],
  ['flannel-vxlan', { src: 'host:client', dst: 'node:node-2', dport: 30080 }],
  ['flannel-host-gw', { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 }],
  ['flannel-host-gw', { src: 'pod:demo/hello', dst: 'host:internet', proto: 'icmp' }],
];

function allSteps(t: Trace): Trace['steps'] {
  return [...t.steps, ...(t.reply ? allSteps(t.reply) : [])];
}

describe('explanation catalogues', () => {
  it('en and ru have the same keys', () => {
    expect(keys(explainRu).sort()).toEqual(keys(explainEn).sort());
  });

  it('every key and reason the presets\' flows produce exists in both', () => {
    const en = new Set(keys(explainEn));
    const ru = new Set(keys(explainRu));
    const missing: string[] = [];
    for (const [name, req] of FLOWS) {
      const t = trace(preset(name), req);
      const used = [...allSteps(t).map((s) => `explain.${s.explain.key}`), ...(t.reason ? [`reason.${t.reason.code}`] : []), ...(t.warnings ?? []).map((w) => `reason.${w.code}`)];
      for (const k of used) if (!en.has(k) || !ru.has(k)) missing.push(`${name} ${req.src}→${req.dst}: ${k}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});

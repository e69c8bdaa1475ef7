/** The edit forms' view of the scenario text: its objects, read without the engine. */
import { Docs, type Located } from './yamlDocument';
import type { Encapsulation, PoolRef } from './network';
import { slicesOf } from './services';

/**
 * Above this size (characters) the scenario text is not parsed on the main
 * thread for the edit forms: a dump of thousands of pods is traced and
 * checked in the worker, but edited by hand only in smaller form.
 */
export const EDITABLE_TEXT_LIMIT = 2_000_000;

/** What the edit forms offer: the objects of the scenario text, read without the engine. */
export interface EditableModel {
  nodes: { name: string; os: 'linux' | 'windows'; ip?: string }[];
  pods: { namespace: string; name: string; node: string; ip?: string }[];
  services: {
    namespace: string;
    name: string;
    type: string;
    port?: number;
    targetPort?: number;
    nodePort?: number;
    externalTrafficPolicy: string;
    sessionAffinity: string;
    endpoints: { ip: string; node?: string }[];
  }[];
  pools: (PoolRef & { cidr: string; encapsulation: Encapsulation | 'IPIPCrossSubnet'; blockSize: number; natOutgoing: boolean })[];
  bgp?: 'Enabled' | 'Disabled';
  strictAffinity?: boolean;
  felix?: { vni?: number; port?: number };
  enableDSR?: boolean;
  /** Set when the scenario has a winkernel KubeProxyConfiguration. */
  winkernel: boolean;
  flannel?: { type: 'vxlan' | 'host-gw'; vni?: number; port?: number; directRouting: boolean };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function poolEncapsulation(vxlan: unknown, ipip: unknown): Encapsulation | 'IPIPCrossSubnet' {
  if (vxlan === 'Always') return 'VXLAN';
  if (vxlan === 'CrossSubnet') return 'VXLANCrossSubnet';
  if (ipip === 'Always') return 'IPIP';
  if (ipip === 'CrossSubnet') return 'IPIPCrossSubnet';
  return 'None';
}

/** Reads the editable objects (best effort; the engine remains the judge of validity). */
export function editableModel(text: string): EditableModel {
  const d = new Docs(text);
  const js = (o: Located): Record<string, unknown> => (o.obj.toJSON() as Record<string, unknown>) ?? {};
  const meta = (o: Located) => ({ name: String(o.obj.getIn(['metadata', 'name']) ?? ''), namespace: String(o.obj.getIn(['metadata', 'namespace']) ?? 'default') });
  const model: EditableModel = { nodes: [], pods: [], services: [], pools: [], winkernel: false };

  for (const o of d.findAll('Node')) {
    const os = o.obj.getIn(['metadata', 'labels', 'kubernetes.io/os']) === 'windows' || o.obj.getIn(['status', 'nodeInfo', 'operatingSystem']) === 'windows' ? 'windows' : 'linux';
    const addrs = (js(o).status as { addresses?: { type: string; address: string }[] } | undefined)?.addresses ?? [];
    model.nodes.push({ name: meta(o).name, os, ip: addrs.find((a) => a.type === 'InternalIP')?.address });
  }
  for (const o of d.findAll('Pod')) {
    if (o.obj.getIn(['spec', 'hostNetwork']) === true) continue;
    model.pods.push({ ...meta(o), node: String(o.obj.getIn(['spec', 'nodeName']) ?? ''), ip: str(o.obj.getIn(['status', 'podIP'])) });
  }
  for (const o of d.findAll('Service')) {
    const m = meta(o);
    const spec = (js(o).spec ?? {}) as { type?: string; ports?: { port?: number; targetPort?: unknown; nodePort?: number }[]; externalTrafficPolicy?: string; sessionAffinity?: string };
    const p0 = spec.ports?.[0];
    const endpoints = slicesOf(d, m.namespace, m.name).flatMap((s) =>
      ((js(s).endpoints as { addresses?: string[]; nodeName?: string }[] | null | undefined) ?? []).flatMap((ep) => (ep.addresses ?? []).map((ip) => ({ ip, node: ep.nodeName }))),
    );
    model.services.push({
      ...m,
      type: spec.type ?? 'ClusterIP',
      port: p0?.port,
      targetPort: num(p0?.targetPort),
      nodePort: p0?.nodePort,
      externalTrafficPolicy: spec.externalTrafficPolicy ?? 'Cluster',
      sessionAffinity: spec.sessionAffinity ?? 'None',
      endpoints,
    });
  }
  const inst = d.find('Installation');
  if (inst) {
    const net = ((js(inst).spec as Record<string, unknown> | undefined)?.calicoNetwork ?? {}) as { bgp?: 'Enabled' | 'Disabled'; ipPools?: Record<string, unknown>[] };
    model.bgp = net.bgp;
    for (const [i, p] of (net.ipPools ?? []).entries()) {
      model.pools.push({
        source: 'installation',
        name: str(p.name) ?? `pool-${i}`,
        cidr: str(p.cidr) ?? '',
        encapsulation: (str(p.encapsulation) as Encapsulation | undefined) ?? 'IPIP',
        blockSize: num(p.blockSize) ?? 26,
        natOutgoing: p.natOutgoing !== 'Disabled',
      });
    }
  }
  for (const o of d.findAll('IPPool')) {
    const spec = (js(o).spec ?? {}) as Record<string, unknown>;
    model.pools.push({ source: 'ippool', name: meta(o).name, cidr: str(spec.cidr) ?? '', encapsulation: poolEncapsulation(spec.vxlanMode, spec.ipipMode), blockSize: num(spec.blockSize) ?? 26, natOutgoing: spec.natOutgoing === true });
  }
  const ipam = d.find(['IPAMConfiguration', 'IPAMConfig']);
  if (ipam || model.pools.length > 0) model.strictAffinity = ipam?.obj.getIn(['spec', 'strictAffinity']) === true;
  const felix = d.find('FelixConfiguration', 'default') ?? d.find('FelixConfiguration');
  if (felix || model.pools.length > 0) model.felix = { vni: num(felix?.obj.getIn(['spec', 'vxlanVNI'])), port: num(felix?.obj.getIn(['spec', 'vxlanPort'])) };
  const kp = d.findAll('KubeProxyConfiguration').find((o) => o.obj.has('winkernel') || o.obj.get('mode') === 'kernelspace');
  if (kp) {
    model.winkernel = true;
    model.enableDSR = kp.obj.getIn(['winkernel', 'enableDSR']) === true;
  }
  const cm = d.find('ConfigMap', 'kube-flannel-cfg');
  const conf = str(cm?.obj.getIn(['data', 'net-conf.json']));
  if (conf) {
    try {
      const b = ((JSON.parse(conf) as { Backend?: Record<string, unknown> }).Backend ?? {}) as Record<string, unknown>;
      model.flannel = { type: b.Type === 'host-gw' ? 'host-gw' : 'vxlan', vni: num(b.VNI), port: num(b.Port), directRouting: b.DirectRouting === true };
    } catch {
      // the engine reports the broken net-conf.json
    }
  }
  return model;
}

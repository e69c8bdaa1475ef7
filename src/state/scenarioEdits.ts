/**
 * What-if edits: structured operations on the scenario's YAML text. Each edit
 * parses the documents with the `yaml` library's Document API, changes the
 * objects in place (comments, key order and the other objects stay as they
 * were) and serialises them again, so the result loads like the input and
 * downloads in the same format. Pure functions; no engine code.
 *
 * A kubectl `List` document (`kind: List`, `items: [...]`) is walked item by
 * item, so edits also apply to an imported dump.
 */
import { Document, isMap, isScalar, isSeq, parseAllDocuments, type YAMLMap, type YAMLSeq } from 'yaml';

export type Encapsulation = 'VXLAN' | 'VXLANCrossSubnet' | 'IPIP' | 'None';
export const ENCAPSULATIONS: readonly Encapsulation[] = ['VXLAN', 'VXLANCrossSubnet', 'IPIP', 'None'];

/** Where a pool is defined: an entry of the Installation's `ipPools[]` or an IPPool object. */
export type PoolSource = 'installation' | 'ippool';

export interface PoolRef {
  source: PoolSource;
  name: string;
}

export type Edit =
  | { op: 'addNode'; name: string; os: 'linux' | 'windows'; ip: string }
  | { op: 'removeNode'; name: string }
  | { op: 'addPod'; namespace: string; name: string; node: string; ip?: string; app?: string }
  | { op: 'removePod'; namespace: string; name: string }
  | { op: 'movePod'; namespace: string; name: string; node: string; ip?: string }
  | {
      op: 'addService';
      namespace: string;
      name: string;
      type: 'ClusterIP' | 'NodePort' | 'LoadBalancer';
      clusterIP: string;
      port: number;
      targetPort: number;
      protocol: 'TCP' | 'UDP';
      nodePort?: number;
      externalTrafficPolicy: 'Cluster' | 'Local';
      sessionAffinity: 'None' | 'ClientIP';
    }
  | {
      op: 'setService';
      namespace: string;
      name: string;
      type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer';
      port?: number;
      targetPort?: number;
      nodePort?: number | null;
      externalTrafficPolicy?: 'Cluster' | 'Local';
      sessionAffinity?: 'None' | 'ClientIP';
    }
  | { op: 'removeService'; namespace: string; name: string }
  | { op: 'addEndpoint'; namespace: string; service: string; ip: string; node?: string; pod?: string }
  | { op: 'removeEndpoint'; namespace: string; service: string; ip: string }
  | { op: 'setPool'; pool: PoolRef; encapsulation?: Encapsulation; blockSize?: number; natOutgoing?: boolean; cidr?: string }
  | { op: 'setBgp'; enabled: boolean }
  | { op: 'setStrictAffinity'; value: boolean }
  | { op: 'setFelixVxlan'; vni?: number | null; port?: number | null }
  | { op: 'setEnableDSR'; value: boolean }
  | { op: 'setFlannelBackend'; type: 'vxlan' | 'host-gw'; vni?: number | null; port?: number | null; directRouting?: boolean };

/** A failed edit (an object it names is missing, or the text does not parse). */
export class EditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditError';
  }
}

type Obj = YAMLMap<unknown, unknown>;

interface Located {
  doc: Document.Parsed;
  obj: Obj;
  /** The List's `items` sequence, when the object is an item of a kubectl List. */
  list?: YAMLSeq;
}

class Docs {
  readonly docs: Document.Parsed[];
  /** Each parsed document's own text (with its `---` and directives) and its serialisation when read. */
  private readonly original = new WeakMap<Document, { text: string; printed: string }>();
  private readonly tail: string;

  constructor(text: string) {
    this.docs = parseAllDocuments(text) as Document.Parsed[];
    const bad = this.docs.find((d) => d.errors.length > 0);
    if (bad) throw new EditError(bad.errors[0]!.message);
    let at = 0;
    for (const d of this.docs) {
      const end = d.range[2];
      this.original.set(d, { text: text.slice(at, end), printed: d.toString({ lineWidth: 0 }) });
      at = end;
    }
    this.tail = text.slice(at);
  }

  *objects(): Generator<Located> {
    for (const doc of this.docs) {
      const root = doc.contents;
      if (!isMap(root)) continue;
      const items = root.get('items');
      const kind: unknown = root.get('kind');
      if (typeof kind === 'string' && kind.endsWith('List') && isSeq(items)) {
        for (const item of items.items) if (isMap(item)) yield { doc, obj: item as Obj, list: items };
      } else {
        yield { doc, obj: root as Obj };
      }
    }
  }

  find(kind: string | readonly string[], name?: string, namespace?: string): Located | undefined {
    for (const o of this.findAll(kind)) {
      if (name !== undefined && o.obj.getIn(['metadata', 'name']) !== name) continue;
      if (namespace !== undefined && (o.obj.getIn(['metadata', 'namespace']) ?? 'default') !== namespace) continue;
      return o;
    }
    return undefined;
  }

  findAll(kind: string | readonly string[]): Located[] {
    const kinds = typeof kind === 'string' ? [kind] : kind;
    return [...this.objects()].filter((o) => kinds.includes(String(o.obj.get('kind'))));
  }

  require(kind: string, name: string, namespace?: string): Located {
    const o = this.find(kind, name, namespace);
    if (!o) throw new EditError(`${kind} ${namespace ? `${namespace}/` : ''}${name} is not in the scenario`);
    return o;
  }

  /** Appends an object: into the List when the scenario is one, else as a new document. */
  add(value: Record<string, unknown>): void {
    const list = [...this.objects()].find((o) => o.list)?.list;
    const doc = this.docs[0];
    if (list && doc) {
      list.add(doc.createNode(value));
      return;
    }
    const next = new Document(value);
    next.directives!.docStart = true;
    this.docs.push(next as Document.Parsed);
  }

  remove(o: Located): void {
    if (o.list) {
      o.list.items = o.list.items.filter((i) => i !== o.obj);
      return;
    }
    const i = this.docs.indexOf(o.doc);
    this.docs.splice(i, 1);
    // The document after the first keeps its `---`; a new first document needs none.
    if (i === 0 && this.docs[0]) this.docs[0].directives!.docStart = null;
  }

  /** The text again: documents the edit left alone keep their text byte for byte; changed ones are serialised. */
  toString(): string {
    let out = '';
    for (const [i, d] of this.docs.entries()) {
      const s = d.toString({ lineWidth: 0 });
      const kept = this.original.get(d);
      if (kept && kept.printed === s) {
        out += kept.text;
        continue;
      }
      if (out && !out.endsWith('\n')) out += '\n';
      out += i > 0 && !s.startsWith('---') ? `---\n${s}` : s;
    }
    return out + (this.docs.length && this.original.has(this.docs[this.docs.length - 1]!) ? this.tail : '');
  }
}

/** Sets a value; an existing scalar keeps its node, so its comment stays. */
function setOn(map: Obj, doc: Document, path: readonly unknown[], value: unknown): void {
  const old = map.getIn(path, true);
  if (isScalar(old) && (value === null || typeof value !== 'object')) old.value = value;
  else map.setIn(path, doc.createNode(value));
}

function set(o: Located, path: readonly unknown[], value: unknown): void {
  setOn(o.obj, o.doc, path, value);
}

function podsOn(d: Docs, node: string): Located[] {
  return d.findAll('Pod').filter((o) => o.obj.getIn(['spec', 'nodeName']) === node);
}

function slicesOf(d: Docs, namespace: string, service: string): Located[] {
  return d
    .findAll('EndpointSlice')
    .filter((o) => (o.obj.getIn(['metadata', 'namespace']) ?? 'default') === namespace && o.obj.getIn(['metadata', 'labels', 'kubernetes.io/service-name']) === service);
}

function endpointsOf(o: Located): YAMLSeq | undefined {
  const e = o.obj.get('endpoints');
  return isSeq(e) ? e : undefined;
}

function endpointAddresses(ep: unknown): string[] {
  if (!isMap(ep)) return [];
  const a = ep.get('addresses');
  return isSeq(a) ? a.items.map((x) => String(x && typeof x === 'object' && 'value' in x ? (x as { value: unknown }).value : x)) : [];
}

/** Removes endpoints with `ip` from every slice of the namespace (all services when `service` is undefined). */
function dropEndpoints(d: Docs, namespace: string, ip: string, service?: string): void {
  const slices = service ? slicesOf(d, namespace, service) : d.findAll('EndpointSlice').filter((o) => (o.obj.getIn(['metadata', 'namespace']) ?? 'default') === namespace);
  for (const s of slices) {
    const eps = endpointsOf(s);
    if (eps) eps.items = eps.items.filter((ep) => !endpointAddresses(ep).includes(ip));
  }
}

function podIp(o: Located): string | undefined {
  const ip = o.obj.getIn(['status', 'podIP']);
  return typeof ip === 'string' ? ip : undefined;
}

function removePodObject(d: Docs, pod: Located): void {
  const ns = String(pod.obj.getIn(['metadata', 'namespace']) ?? 'default');
  const ip = podIp(pod);
  if (ip) dropEndpoints(d, ns, ip);
  d.remove(pod);
}

function setPool(d: Docs, e: Extract<Edit, { op: 'setPool' }>): void {
  if (e.pool.source === 'installation') {
    const inst = d.find('Installation');
    const pools = inst?.obj.getIn(['spec', 'calicoNetwork', 'ipPools']);
    const pool = isSeq(pools) ? pools.items.find((p) => isMap(p) && p.get('name') === e.pool.name) : undefined;
    if (!inst || !isMap(pool)) throw new EditError(`the Installation has no pool ${e.pool.name}`);
    const at = (k: string, v: unknown) => setOn(pool as Obj, inst.doc, [k], v);
    if (e.encapsulation) at('encapsulation', e.encapsulation);
    if (e.blockSize !== undefined) at('blockSize', e.blockSize);
    if (e.natOutgoing !== undefined) at('natOutgoing', e.natOutgoing ? 'Enabled' : 'Disabled');
    if (e.cidr) at('cidr', e.cidr);
    return;
  }
  const p = d.require('IPPool', e.pool.name);
  if (e.encapsulation) {
    const vxlan = e.encapsulation === 'VXLAN' ? 'Always' : e.encapsulation === 'VXLANCrossSubnet' ? 'CrossSubnet' : 'Never';
    set(p, ['spec', 'vxlanMode'], vxlan);
    set(p, ['spec', 'ipipMode'], e.encapsulation === 'IPIP' ? 'Always' : 'Never');
  }
  if (e.blockSize !== undefined) set(p, ['spec', 'blockSize'], e.blockSize);
  if (e.natOutgoing !== undefined) set(p, ['spec', 'natOutgoing'], e.natOutgoing);
  if (e.cidr) set(p, ['spec', 'cidr'], e.cidr);
}

function apply(d: Docs, e: Edit): void {
  switch (e.op) {
    case 'addNode': {
      if (d.find('Node', e.name)) throw new EditError(`Node ${e.name} already exists`);
      d.add({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: e.name, labels: { 'kubernetes.io/os': e.os } },
        status: { addresses: [{ type: 'InternalIP', address: e.ip }], nodeInfo: { operatingSystem: e.os } },
      });
      return;
    }
    case 'removeNode': {
      const node = d.require('Node', e.name);
      for (const pod of podsOn(d, e.name)) removePodObject(d, pod);
      d.remove(node);
      return;
    }
    case 'addPod': {
      if (d.find('Pod', e.name, e.namespace)) throw new EditError(`Pod ${e.namespace}/${e.name} already exists`);
      d.require('Node', e.node);
      d.add({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: e.name, namespace: e.namespace, labels: { app: e.app || e.name } },
        spec: { nodeName: e.node },
        ...(e.ip ? { status: { podIP: e.ip } } : {}),
      });
      return;
    }
    case 'removePod':
      removePodObject(d, d.require('Pod', e.name, e.namespace));
      return;
    case 'movePod': {
      const pod = d.require('Pod', e.name, e.namespace);
      d.require('Node', e.node);
      const old = podIp(pod);
      set(pod, ['spec', 'nodeName'], e.node);
      if (e.ip) set(pod, ['status', 'podIP'], e.ip);
      else if (pod.obj.hasIn(['status', 'podIP'])) pod.obj.deleteIn(['status', 'podIP']);
      // Endpoints that point at the pod follow it.
      for (const slice of d.findAll('EndpointSlice')) {
        for (const ep of endpointsOf(slice)?.items ?? []) {
          if (!isMap(ep)) continue;
          const ref = ep.get('targetRef');
          const byRef = isMap(ref) && ref.get('name') === e.name && (ref.get('namespace') ?? slice.obj.getIn(['metadata', 'namespace'])) === e.namespace;
          if (!byRef && !(old && endpointAddresses(ep).includes(old))) continue;
          ep.set('nodeName', e.node);
          if (e.ip) ep.set('addresses', slice.doc.createNode([e.ip]));
        }
      }
      if (!e.ip && old) dropEndpoints(d, e.namespace, old);
      return;
    }
    case 'addService': {
      if (d.find('Service', e.name, e.namespace)) throw new EditError(`Service ${e.namespace}/${e.name} already exists`);
      const port: Record<string, unknown> = { name: 'port-1', protocol: e.protocol, port: e.port, targetPort: e.targetPort };
      if (e.type !== 'ClusterIP' && e.nodePort) port.nodePort = e.nodePort;
      d.add({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: e.name, namespace: e.namespace },
        spec: {
          type: e.type,
          clusterIP: e.clusterIP,
          ports: [port],
          ...(e.type === 'ClusterIP' ? {} : { externalTrafficPolicy: e.externalTrafficPolicy }),
          sessionAffinity: e.sessionAffinity,
        },
      });
      d.add({
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: `${e.name}-what-if`, namespace: e.namespace, labels: { 'kubernetes.io/service-name': e.name } },
        addressType: 'IPv4',
        ports: [{ name: 'port-1', port: e.targetPort, protocol: e.protocol }],
        endpoints: [],
      });
      return;
    }
    case 'setService': {
      const svc = d.require('Service', e.name, e.namespace);
      if (e.type) set(svc, ['spec', 'type'], e.type);
      if (e.externalTrafficPolicy) set(svc, ['spec', 'externalTrafficPolicy'], e.externalTrafficPolicy);
      if (e.sessionAffinity) set(svc, ['spec', 'sessionAffinity'], e.sessionAffinity);
      const ports = svc.obj.getIn(['spec', 'ports']);
      const first = isSeq(ports) ? ports.items[0] : undefined;
      if (isMap(first)) {
        if (e.port !== undefined) first.set('port', e.port);
        if (e.targetPort !== undefined) {
          first.set('targetPort', e.targetPort);
          for (const s of slicesOf(d, e.namespace, e.name)) {
            const sp = s.obj.get('ports');
            const p0 = isSeq(sp) ? sp.items[0] : undefined;
            if (isMap(p0)) p0.set('port', e.targetPort);
          }
        }
        if (e.nodePort === null || e.type === 'ClusterIP') first.delete('nodePort');
        else if (e.nodePort !== undefined) first.set('nodePort', e.nodePort);
      } else if (e.port !== undefined) {
        set(svc, ['spec', 'ports'], [{ protocol: 'TCP', port: e.port, targetPort: e.targetPort ?? e.port }]);
      }
      return;
    }
    case 'removeService': {
      const svc = d.require('Service', e.name, e.namespace);
      for (const s of slicesOf(d, e.namespace, e.name)) d.remove(s);
      d.remove(svc);
      return;
    }
    case 'addEndpoint': {
      d.require('Service', e.service, e.namespace);
      const endpoint: Record<string, unknown> = { addresses: [e.ip], conditions: { ready: true } };
      if (e.node) endpoint.nodeName = e.node;
      if (e.pod) endpoint.targetRef = { kind: 'Pod', name: e.pod, namespace: e.namespace };
      const slice = slicesOf(d, e.namespace, e.service)[0];
      if (!slice) {
        const svc = d.require('Service', e.service, e.namespace);
        const ports = svc.obj.getIn(['spec', 'ports']);
        const p0 = isSeq(ports) && isMap(ports.items[0]) ? (ports.items[0] as Obj) : undefined;
        const target = p0?.get('targetPort') ?? p0?.get('port') ?? 80;
        d.add({
          apiVersion: 'discovery.k8s.io/v1',
          kind: 'EndpointSlice',
          metadata: { name: `${e.service}-what-if`, namespace: e.namespace, labels: { 'kubernetes.io/service-name': e.service } },
          addressType: 'IPv4',
          ports: [{ ...(p0?.get('name') ? { name: p0.get('name') } : {}), port: typeof target === 'number' ? target : 80, protocol: p0?.get('protocol') ?? 'TCP' }],
          endpoints: [endpoint],
        });
        return;
      }
      const eps = endpointsOf(slice);
      if (eps) eps.add(slice.doc.createNode(endpoint));
      else set(slice, ['endpoints'], [endpoint]);
      return;
    }
    case 'removeEndpoint':
      d.require('Service', e.service, e.namespace);
      dropEndpoints(d, e.namespace, e.ip, e.service);
      return;
    case 'setPool':
      setPool(d, e);
      return;
    case 'setBgp': {
      const inst = d.find('Installation');
      if (!inst) throw new EditError('the scenario has no Installation');
      set(inst, ['spec', 'calicoNetwork', 'bgp'], e.enabled ? 'Enabled' : 'Disabled');
      return;
    }
    case 'setStrictAffinity': {
      const ipam = d.find(['IPAMConfiguration', 'IPAMConfig']);
      if (ipam) set(ipam, ['spec', 'strictAffinity'], e.value);
      else d.add({ apiVersion: 'projectcalico.org/v3', kind: 'IPAMConfiguration', metadata: { name: 'default' }, spec: { strictAffinity: e.value } });
      return;
    }
    case 'setFelixVxlan': {
      let felix = d.find('FelixConfiguration', 'default') ?? d.find('FelixConfiguration');
      if (!felix) {
        d.add({ apiVersion: 'projectcalico.org/v3', kind: 'FelixConfiguration', metadata: { name: 'default' }, spec: {} });
        felix = d.require('FelixConfiguration', 'default');
      }
      for (const [key, v] of [['vxlanVNI', e.vni], ['vxlanPort', e.port]] as const) {
        if (v === null && felix.obj.hasIn(['spec', key])) felix.obj.deleteIn(['spec', key]);
        else if (typeof v === 'number') set(felix, ['spec', key], v);
      }
      return;
    }
    case 'setEnableDSR': {
      const kp = d.findAll('KubeProxyConfiguration').find((o) => o.obj.has('winkernel') || o.obj.get('mode') === 'kernelspace');
      if (!kp) throw new EditError('the scenario has no winkernel KubeProxyConfiguration (mode: kernelspace)');
      set(kp, ['winkernel', 'enableDSR'], e.value);
      return;
    }
    case 'setFlannelBackend': {
      const cm = d.find('ConfigMap', 'kube-flannel-cfg');
      const text = cm?.obj.getIn(['data', 'net-conf.json']);
      if (!cm || typeof text !== 'string') throw new EditError('the scenario has no flannel ConfigMap kube-flannel-cfg with net-conf.json');
      let conf: Record<string, unknown>;
      try {
        conf = JSON.parse(text) as Record<string, unknown>;
      } catch (error) {
        throw new EditError(`net-conf.json does not parse: ${(error as Error).message}`);
      }
      const backend: Record<string, unknown> = { ...((conf.Backend as Record<string, unknown> | undefined) ?? {}), Type: e.type };
      for (const [key, v] of [['VNI', e.vni], ['Port', e.port]] as const) {
        if (v === null || e.type === 'host-gw') delete backend[key];
        else if (typeof v === 'number') backend[key] = v;
      }
      if (e.type === 'host-gw') delete backend.DirectRouting;
      else if (e.directRouting !== undefined) {
        if (e.directRouting) backend.DirectRouting = true;
        else delete backend.DirectRouting;
      }
      set(cm, ['data', 'net-conf.json'], JSON.stringify({ ...conf, Backend: backend }));
      return;
    }
  }
}

/**
 * Applies one edit to scenario text.
 * @throws EditError when the text does not parse or an object the edit names is missing
 */
export function applyEdit(text: string, edit: Edit): string {
  const d = new Docs(text);
  apply(d, edit);
  return d.toString();
}

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


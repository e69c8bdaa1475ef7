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
import { type Document, isMap, isScalar, isSeq, type YAMLSeq } from 'yaml';
import { Docs, EditError, type Located, type Obj } from './yamlDocument';

export { EditError };

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

export function slicesOf(d: Docs, namespace: string, service: string): Located[] {
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

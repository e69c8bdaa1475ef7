/** Edits of Services and their EndpointSlices: add, change, remove a Service; add or remove an endpoint. */
import { isMap, isSeq, type YAMLSeq } from 'yaml';
import type { EditHandlers } from './family';
import { EditError, set, type Docs, type Located, type Obj } from './yamlDocument';

/** What the Services form changes. */
export type ServiceEdit =
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
  | { op: 'removeEndpoint'; namespace: string; service: string; ip: string };

export function slicesOf(d: Docs, namespace: string, service: string): Located[] {
  return d
    .findAll('EndpointSlice')
    .filter((o) => (o.obj.getIn(['metadata', 'namespace']) ?? 'default') === namespace && o.obj.getIn(['metadata', 'labels', 'kubernetes.io/service-name']) === service);
}

export function endpointsOf(o: Located): YAMLSeq | undefined {
  const e = o.obj.get('endpoints');
  return isSeq(e) ? e : undefined;
}

export function endpointAddresses(ep: unknown): string[] {
  if (!isMap(ep)) return [];
  const a = ep.get('addresses');
  return isSeq(a) ? a.items.map((x) => String(x && typeof x === 'object' && 'value' in x ? (x as { value: unknown }).value : x)) : [];
}

/** Removes endpoints with `ip` from every slice of the namespace (all services when `service` is undefined). */
export function dropEndpoints(d: Docs, namespace: string, ip: string, service?: string): void {
  const slices = service ? slicesOf(d, namespace, service) : d.findAll('EndpointSlice').filter((o) => (o.obj.getIn(['metadata', 'namespace']) ?? 'default') === namespace);
  for (const s of slices) {
    const eps = endpointsOf(s);
    if (eps) eps.items = eps.items.filter((ep) => !endpointAddresses(ep).includes(ip));
  }
}

export const serviceEdits: EditHandlers<ServiceEdit> = {
  addService(d, e) {
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
  },
  setService(d, e) {
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
  },
  removeService(d, e) {
    const svc = d.require('Service', e.name, e.namespace);
    for (const s of slicesOf(d, e.namespace, e.name)) d.remove(s);
    d.remove(svc);
  },
  addEndpoint(d, e) {
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
  },
  removeEndpoint(d, e) {
    d.require('Service', e.service, e.namespace);
    dropEndpoints(d, e.namespace, e.ip, e.service);
  },
};

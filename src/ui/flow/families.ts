/**
 * One-click flows for the four families the seed walks through, picked from
 * the scenario's places: pod → pod on another node, pod → a Service's
 * ClusterIP, an outside client → a NodePort, and a pod → the internet host
 * (egress NAT). A choice of inputs, not a datapath result.
 *
 * The destination is a Service that has a pod of its own name (its backend);
 * the client is a pod on another node. Pods on Linux nodes come first while
 * `preferLinux` (the Windows datapath is not modelled yet); turn it off once
 * it is, and the families start from the Windows pods (k8s-lab: `demo/web`).
 */
import type { FlowRequest } from '../../engine/index';
import type { Places } from '../../state/scenarioStore';

export const FAMILIES = ['pod-pod', 'pod-clusterip', 'nodeport', 'egress'] as const;
export type Family = (typeof FAMILIES)[number];

type Pod = Places['pods'][number];

const isSystem = (ref: string) => ref.startsWith('kube-system/');

/** Pods of the preferred OS first, system pods last, otherwise in scenario order. */
function byPreference(pods: Pod[], preferLinux: boolean): Pod[] {
  const rank = (p: Pod) => Number(isSystem(p.ref)) * 2 + Number(preferLinux ? p.os === 'windows' : p.os === 'linux');
  return pods.filter((p) => !p.hostNetwork).sort((a, b) => rank(a) - rank(b));
}

/** The Service to aim at (one with a pod of its own name, on Linux while preferred) and that pod, its backend. */
function target(places: Places, preferLinux: boolean) {
  const services = places.services.filter((s) => s.clusterIP).sort((a, b) => Number(isSystem(a.ref)) - Number(isSystem(b.ref)));
  const backendOf = (ref: string) => places.pods.find((p) => p.ref === ref && (!preferLinux || p.os === 'linux'));
  const service = services.find((s) => backendOf(s.ref)) ?? services[0];
  return { service, backend: service ? backendOf(service.ref) : undefined };
}

export function familyFlow(places: Places, family: Family, preferLinux = true): FlowRequest | undefined {
  const { service, backend } = target(places, preferLinux);
  const pods = byPreference(places.pods, preferLinux);
  const client = pods.find((p) => p !== backend && p.node !== backend?.node) ?? pods.find((p) => p !== backend);
  switch (family) {
    case 'pod-pod': {
      const to = backend ?? pods.find((p) => p.node !== client?.node);
      return client && to ? { src: `pod:${client.ref}`, dst: `pod:${to.ref}`, proto: 'tcp', dport: 8080 } : undefined;
    }
    case 'pod-clusterip': {
      const port = service?.ports[0];
      return client && service && port ? { src: `pod:${client.ref}`, dst: `svc:${service.ref}`, proto: port.protocol.toLowerCase() as FlowRequest['proto'], dport: port.port } : undefined;
    }
    case 'nodeport': {
      const withNodePort = places.services.find((s) => s.ports.some((p) => p.nodePort));
      const port = withNodePort?.ports.find((p) => p.nodePort);
      const outside = places.hosts.find((h) => !h.external) ?? places.hosts[0];
      const node = places.nodes.find((n) => n.name === client?.node) ?? places.nodes.find((n) => n.os === 'linux') ?? places.nodes[0];
      return port && outside && node ? { src: `host:${outside.name}`, dst: `node:${node.name}`, proto: port.protocol.toLowerCase() as FlowRequest['proto'], dport: port.nodePort } : undefined;
    }
    case 'egress': {
      const internet = places.hosts.find((h) => h.external);
      return client && internet ? { src: `pod:${client.ref}`, dst: `host:${internet.name}`, proto: 'icmp' } : undefined;
    }
  }
}

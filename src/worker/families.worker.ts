/**
 * One-click flows for the four families the seed walks through, started from
 * a client pod: pod → a pod on another node, pod → a Service's ClusterIP, an
 * outside client → a NodePort on the client pod's node, and pod → the
 * internet host (egress NAT, TCP 443). A choice of inputs, not a datapath
 * result.
 *
 * The client is the pod the user chose (`from`), else the first Windows pod
 * (k8s-lab: `demo/web`, the seed's flows). The destination Service is one
 * with a pod of its own name on another node (its backend); the NodePort is
 * the one of a Service named like a pod on the client's node, else the first.
 */
import type { FlowRequest } from '../engine/index';
import { FAMILIES, type Family, type FamilyFlows, type Places } from './api';

type Pod = Places['pods'][number];

const isSystem = (ref: string) => ref.startsWith('kube-system/');

/** Pods a family can start from: not host-network; Windows first, system pods last, otherwise in scenario order. */
export function clientPods(places: Places): Pod[] {
  const rank = (p: Pod) => Number(isSystem(p.ref)) * 2 + Number(p.os !== 'windows');
  return places.pods.filter((p) => !p.hostNetwork).sort((a, b) => rank(a) - rank(b));
}

const protoOf = (protocol: string) => protocol.toLowerCase() as FlowRequest['proto'];

/** The Service to aim at from `client` (one whose same-named pod is on another node) and that pod. */
function target(places: Places, client: Pod) {
  const services = places.services.filter((s) => s.clusterIP).sort((a, b) => Number(isSystem(a.ref)) - Number(isSystem(b.ref)));
  const backendOf = (ref: string) => places.pods.find((p) => p.ref === ref && p.ref !== client.ref && p.node !== client.node);
  const service = services.find((s) => backendOf(s.ref)) ?? services.find((s) => s.ref !== client.ref);
  return { service, backend: service ? backendOf(service.ref) : undefined };
}

function nodePortFlow(places: Places, client: Pod): FlowRequest | undefined {
  const node = places.nodes.find((n) => n.name === client.node);
  const onNode = (ref: string) => places.pods.some((p) => p.ref === ref && p.node === node?.name);
  const withNodePort = places.services.filter((s) => s.ports.some((p) => p.nodePort));
  const service = withNodePort.find((s) => onNode(s.ref)) ?? withNodePort[0];
  const port = service?.ports.find((p) => p.nodePort);
  const outside = places.hosts.find((h) => !h.external) ?? places.hosts[0];
  return port && outside && node ? { src: `host:${outside.name}`, dst: node.ip, proto: protoOf(port.protocol), dport: port.nodePort } : undefined;
}

/** The flow of `family` from the pod `from` (`ns/name`; default: the first of `clientPods`). */
export function familyFlow(places: Places, family: Family, from?: string): FlowRequest | undefined {
  const pods = clientPods(places);
  const client = pods.find((p) => p.ref === from) ?? pods[0];
  if (!client) return undefined;
  const { service, backend } = target(places, client);
  switch (family) {
    case 'pod-pod': {
      const to = backend ?? pods.find((p) => p.node !== client.node);
      return to ? { src: `pod:${client.ref}`, dst: `pod:${to.ref}`, proto: 'tcp', dport: 8080 } : undefined;
    }
    case 'pod-clusterip': {
      const port = service?.ports[0];
      return service && port ? { src: `pod:${client.ref}`, dst: `svc:${service.ref}`, proto: protoOf(port.protocol), dport: port.port } : undefined;
    }
    case 'nodeport':
      return nodePortFlow(places, client);
    case 'egress': {
      const internet = places.hosts.find((h) => h.external);
      return internet ? { src: `pod:${client.ref}`, dst: `host:${internet.name}`, proto: 'tcp', dport: 443 } : undefined;
    }
  }
}

/** How many client pods the "start from" picker lists. */
export const CLIENTS_LISTED = 100;

/** Every family's flow from `from` (else the first client pod), with the first client pods to choose from (and `from` among them). */
export function familyFlows(places: Places, from?: string): FamilyFlows {
  const pods = clientPods(places);
  const client = pods.find((p) => p.ref === from) ?? pods[0];
  const clients = pods.slice(0, CLIENTS_LISTED);
  if (client && !clients.includes(client)) clients.push(client);
  const flows: FamilyFlows['flows'] = {};
  for (const family of FAMILIES) {
    const flow = client && familyFlow(places, family, client.ref);
    if (flow) flows[family] = flow;
  }
  return { clients, total: pods.length, ...(client ? { from: client.ref } : {}), flows };
}

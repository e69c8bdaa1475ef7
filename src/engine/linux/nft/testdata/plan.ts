/**
 * Test-only IP plan and scenario objects for the nft tests (kube-proxy style:
 * a fixed, commented plan). Never imported by engine code.
 *
 *   Pod network (Calico pool "default", natOutgoing) and clusterCIDR: 10.244.0.0/16
 *   Second pool "no-nat" (natOutgoing false):                        10.250.0.0/16
 *   Service CIDR:                                                    10.96.0.0/12
 *   This node node-a: 192.168.10.21 (ens18), vxlan.calico 10.244.1.0, block 10.244.1.0/26
 *   Other node node-b: 192.168.10.22, block 10.244.2.0/26
 *   Client pods on node-a: 10.244.1.5, 10.244.1.6; no-nat pod 10.250.0.5 (node-a)
 *   Endpoint pods on node-a: 10.244.1.10-.12; on node-b: 10.244.2.20-.31
 *   ExternalIPs: 192.168.99.0/24;  LoadBalancer IPs: 203.0.113.100-.101
 *   Allowed LB client range: 198.51.100.0/25 (client .7); blocked client 198.51.100.200
 *   Internet host: 203.0.113.10
 */
import type { ObjectRef } from '../../../model/diagnostic';
import type { EndpointSliceSpec, EndpointSpec, ServicePortSpec, ServiceSpec } from '../../../model/scenario';
import type { CalicoNftInput } from '../../cni/calico/nft';
import type { KubeProxyNftInput } from '../../proxy/nftables/kubeProxy';
import type { NftContext } from '../match';
import type { IPPoolSpec } from '../../../model/calico';

export const NODE_A = '192.168.10.21';
export const NODE_B = '192.168.10.22';
export const TUNNEL_A = '10.244.1.0';
export const POD_A1 = '10.244.1.5';
export const POD_A2 = '10.244.1.6';
export const POD_NONAT = '10.250.0.5';
export const LB_CLIENT = '198.51.100.7';
export const LB_BLOCKED = '198.51.100.200';
export const INTERNET = '203.0.113.10';

const ref = (kind: string, namespace: string, name: string): ObjectRef => ({ kind, namespace, name });

export function svc(name: string, o: Partial<ServiceSpec> & { ports: ServicePortSpec[] }, namespace = 'demo'): ServiceSpec {
  return {
    ref: ref('Service', namespace, name),
    namespace,
    name,
    type: 'ClusterIP',
    externalIPs: [],
    loadBalancerIngress: [],
    loadBalancerSourceRanges: [],
    externalTrafficPolicy: 'Cluster',
    internalTrafficPolicy: 'Cluster',
    sessionAffinity: 'None',
    sessionAffinityTimeout: 10800,
    annotations: {},
    ...o,
  };
}

export function ep(ip: string, node: string, cond: Partial<EndpointSpec> = {}): EndpointSpec {
  return { addresses: [ip], ready: true, serving: true, terminating: false, nodeName: node, ...cond };
}

export function slice(service: string, endpoints: EndpointSpec[], ports: EndpointSliceSpec['ports']): EndpointSliceSpec {
  return { ref: ref('EndpointSlice', 'demo', `${service}-abc`), namespace: 'demo', name: `${service}-abc`, serviceName: service, ports, endpoints };
}

const tcp = (port: number, name = 'http'): ServicePortSpec => ({ name, protocol: 'TCP', port, targetPort: 8080 });
const http8080 = [{ name: 'http', port: 8080, protocol: 'TCP' as const }];

/** One service of every kind the compiler covers. ClusterIPs 10.96.0.10-.19. */
export const SERVICES: ServiceSpec[] = [
  svc('web', { clusterIP: '10.96.0.10', ports: [tcp(80)] }),
  svc('np', { type: 'NodePort', clusterIP: '10.96.0.11', ports: [{ ...tcp(80), nodePort: 30080 }] }),
  svc('local-none', { type: 'NodePort', clusterIP: '10.96.0.12', externalTrafficPolicy: 'Local', ports: [{ ...tcp(80), nodePort: 30081 }] }),
  svc('local-ok', {
    type: 'LoadBalancer',
    clusterIP: '10.96.0.13',
    externalTrafficPolicy: 'Local',
    loadBalancerIngress: ['203.0.113.100'],
    ports: [{ ...tcp(80), nodePort: 30082 }],
  }),
  svc('lb-fw', {
    type: 'LoadBalancer',
    clusterIP: '10.96.0.14',
    externalIPs: ['192.168.99.14'],
    loadBalancerIngress: ['203.0.113.101'],
    loadBalancerSourceRanges: [' 198.51.100.0/25'],
    ports: [{ ...tcp(80), nodePort: 30083 }],
  }),
  svc('sticky', { clusterIP: '10.96.0.15', sessionAffinity: 'ClientIP', ports: [tcp(80)] }),
  svc('empty', { clusterIP: '10.96.0.16', ports: [tcp(80)] }),
  svc('itp', { clusterIP: '10.96.0.17', internalTrafficPolicy: 'Local', ports: [tcp(80)] }),
  svc('dns', {
    clusterIP: '10.96.0.18',
    ports: [
      { name: 'dns', protocol: 'UDP', port: 53, targetPort: 53 },
      { name: 'dns-tcp', protocol: 'TCP', port: 53, targetPort: 53 },
    ],
  }),
  svc('ext', { clusterIP: '10.96.0.19', externalIPs: ['192.168.99.19'], ports: [tcp(80)] }),
  svc('headless', { clusterIP: 'None', ports: [tcp(80)] }),
  svc('extname', { type: 'ExternalName', ports: [] }),
];

export const SLICES: EndpointSliceSpec[] = [
  slice('web', [ep('10.244.1.10', 'node-a'), ep('10.244.2.20', 'node-b')], http8080),
  slice('np', [ep('10.244.2.21', 'node-b')], http8080),
  slice('local-none', [ep('10.244.2.22', 'node-b')], http8080),
  slice('local-ok', [ep('10.244.1.11', 'node-a'), ep('10.244.2.23', 'node-b')], http8080),
  slice('lb-fw', [ep('10.244.2.24', 'node-b'), ep('10.244.2.99', 'node-b', { ready: false, serving: false })], http8080),
  slice('sticky', [ep('10.244.1.12', 'node-a'), ep('10.244.2.25', 'node-b')], http8080),
  slice('itp', [ep('10.244.2.26', 'node-b')], http8080),
  slice('dns', [ep('10.244.2.30', 'node-b')], [
    { name: 'dns', port: 53, protocol: 'UDP' },
    { name: 'dns-tcp', port: 53, protocol: 'TCP' },
  ]),
  slice('ext', [ep('10.244.2.31', 'node-b')], http8080),
];

export const KP_INPUT: KubeProxyNftInput = {
  nodeName: 'node-a',
  nodeIPs: [NODE_A],
  clusterCIDR: '10.244.0.0/16',
  serviceCIDRs: ['10.96.0.0/12'],
  masqueradeBit: 14,
  masqueradeAll: false,
  nodePortAddresses: ['primary'],
  services: SERVICES,
  endpointSlices: SLICES,
};

const pool = (name: string, cidr: string, natOutgoing: boolean): IPPoolSpec => ({
  ref: { kind: 'IPPool', name },
  name,
  cidr,
  blockSize: 26,
  vxlanMode: 'Always',
  ipipMode: 'Never',
  natOutgoing,
  disabled: false,
});

export const CALICO_INPUT: CalicoNftInput = {
  nodeName: 'node-a',
  hostIPs: [NODE_A],
  pools: [pool('default', '10.244.0.0/16', true), pool('no-nat', '10.250.0.0/16', false)],
  vxlan: { ifname: 'vxlan.calico', tunnelAddr: TUNNEL_A, port: 4789 },
  workloadIfacePrefix: 'cali',
};

const LOCAL = new Set([NODE_A, TUNNEL_A, '127.0.0.1']);

/** An evaluation context for node A: its addresses, numgen picks taken in order (0 when exhausted). */
export function nodeAContext(picks: number[] = [], now?: number): NftContext {
  let i = 0;
  return {
    isLocalAddress: (ip) => LOCAL.has(ip),
    isLocalAddressOn: (ip, ifname) => (ip === NODE_A && ifname === 'ens18') || (ip === TUNNEL_A && ifname === 'vxlan.calico'),
    pick: () => picks[i++] ?? 0,
    affinity: new Map(),
    ...(now !== undefined ? { now } : {}),
  };
}

/**
 * Test-only input reproducing upstream's TestOverallNFTablesRules
 * (kubernetes@81810de pkg/proxy/nftables/proxier_test.go) with its fake
 * proxier's settings: node "test-node" 192.168.0.2, detect-local 10.0.0.0/8,
 * service CIDR 172.30.0.0/16, nodeport-addresses 192.168.0.2/32, mark bit 14.
 * Never imported by engine code.
 */
import type { ServiceSpec } from '../../../model/scenario';
import type { KubeProxyNftInput } from '../../proxy/nftables/kubeProxy';
import { svc } from './plan';

const ns = (n: number) => `ns${n}`;
function upstreamSvc(n: number, o: Partial<ServiceSpec>): ServiceSpec {
  return svc(`svc${n}`, { ports: [{ name: 'p80', protocol: 'TCP', port: 80, targetPort: 80 }], ...o }, ns(n));
}
function upstreamSlice(n: number, eps: { ip: string; node?: string }[]) {
  return {
    ref: { kind: 'EndpointSlice', namespace: ns(n), name: `svc${n}-1` },
    namespace: ns(n),
    name: `svc${n}-1`,
    serviceName: `svc${n}`,
    ports: [{ name: 'p80', port: 80, protocol: 'TCP' as const }],
    endpoints: eps.map((e) => ({ addresses: [e.ip], ready: true, serving: true, terminating: false, ...(e.node ? { nodeName: e.node } : {}) })),
  };
}
const port = (nodePort?: number) => [{ name: 'p80', protocol: 'TCP' as const, port: 80, targetPort: 80, ...(nodePort ? { nodePort } : {}) }];

export const OVERALL_INPUT: KubeProxyNftInput = {
  nodeName: 'test-node',
  nodeIPs: ['192.168.0.2'],
  clusterCIDR: '10.0.0.0/8',
  serviceCIDRs: ['172.30.0.0/16'],
  masqueradeBit: 14,
  masqueradeAll: false,
  nodePortAddresses: ['192.168.0.2/32'],
  services: [
    upstreamSvc(1, { clusterIP: '172.30.0.41' }),
    upstreamSvc(2, {
      type: 'LoadBalancer',
      externalTrafficPolicy: 'Local',
      clusterIP: '172.30.0.42',
      ports: port(3001),
      loadBalancerIngress: ['1.2.3.4'],
      externalIPs: ['192.168.99.22'],
    }),
    upstreamSvc(3, { type: 'NodePort', clusterIP: '172.30.0.43', ports: port(3003) }),
    upstreamSvc(4, { type: 'NodePort', clusterIP: '172.30.0.44', externalIPs: ['192.168.99.33'] }),
    upstreamSvc(5, {
      type: 'LoadBalancer',
      clusterIP: '172.30.0.45',
      ports: port(3002),
      loadBalancerIngress: ['5.6.7.8'],
      loadBalancerSourceRanges: [' 203.0.113.0/25'],
      sessionAffinity: 'ClientIP',
      sessionAffinityTimeout: 10800,
    }),
    upstreamSvc(6, { clusterIP: '172.30.0.46' }),
  ],
  endpointSlices: [
    upstreamSlice(1, [{ ip: '10.180.0.1' }]),
    upstreamSlice(2, [{ ip: '10.180.0.2' }]),
    upstreamSlice(3, [{ ip: '10.180.0.3' }]),
    upstreamSlice(4, [{ ip: '10.180.0.4' }, { ip: '10.180.0.5', node: 'test-node' }]),
    upstreamSlice(5, [{ ip: '10.180.0.3' }]),
  ],
};

/**
 * k8s-main-after with a node of several addresses (issue 11 item 7), for the
 * unit tests and the kernel check: k8s-node-1 keeps its primary InternalIP
 * 192.168.10.20 and also lists 192.168.10.40 (same subnet: a secondary
 * address of ens18), 192.168.20.20 (a second Fabric subnet `far`: a further
 * NIC) and the ExternalIP 198.51.100.7 (on no Fabric subnet: a cloud NAT
 * address, not held). Host `faraway` sits on `far`. Service demo/hello-np is
 * a NodePort (30080) in front of the hello pods. `kubeProxy` picks the mode
 * and nodePortAddresses. The preset's NetworkPolicies are left out. Test-only.
 */
import { K8S_MAIN_AFTER_YAML } from '../presets/k8sMain';
import { MAIN_POLICIES_YAML } from '../presets/policies';

export const MULTI_NODE = 'k8s-node-1';
export const SECONDARY_SAME_SUBNET = '192.168.10.40';
export const SECONDARY_OTHER_SUBNET = '192.168.20.20';
export const NODE_PORT = 30080;

const NOTE = 'packetwalk.dev/assumption: "kernelcheck: a node with several addresses"';

export function multiAddressYaml(kubeProxy: { mode: 'nftables' | 'iptables'; nodePortAddresses?: string[] }): string {
  const np = kubeProxy.nodePortAddresses ? `nodePortAddresses: [${kubeProxy.nodePortAddresses.map((a) => JSON.stringify(a)).join(', ')}]\n` : '';
  // Without the preset's NetworkPolicies: the question here is which addresses serve, not who may connect.
  const y = K8S_MAIN_AFTER_YAML.replace(MAIN_POLICIES_YAML, '').replace('mode: nftables\n', `mode: ${kubeProxy.mode}\n${np}`)
    .replace('    mtu: 1500\n', '    mtu: 1500\n  - name: far\n    cidr: 192.168.20.0/24\n    gateway: 192.168.20.1\n    mtu: 1500\n')
    .replace('    external: true\n', '    external: true\n  - name: faraway\n    ip: 192.168.20.50\n')
    .replace(
      '  - type: InternalIP\n    address: 192.168.10.20',
      `  - type: InternalIP\n    address: 192.168.10.20\n  - type: InternalIP\n    address: ${SECONDARY_SAME_SUBNET}\n  - type: InternalIP\n    address: ${SECONDARY_OTHER_SUBNET}\n  - type: ExternalIP\n    address: 198.51.100.7`,
    );
  return `${y.trimEnd()}
---
apiVersion: v1
kind: Service
metadata:
  name: hello-np
  namespace: demo
  annotations:
    ${NOTE}
spec:
  type: NodePort
  clusterIP: 10.97.141.180
  ports:
  - name: http
    port: 80
    targetPort: 8080
    nodePort: ${NODE_PORT}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: hello-np-main
  namespace: demo
  labels:
    kubernetes.io/service-name: hello-np
addressType: IPv4
ports:
- name: http
  port: 8080
endpoints:
- addresses: [172.20.172.6]
  nodeName: k8s-node-2
  targetRef: {kind: Pod, name: hello, namespace: demo}
- addresses: [172.20.211.43]
  nodeName: k8s-node-1
  targetRef: {kind: Pod, name: hello-2, namespace: demo}
`;
}

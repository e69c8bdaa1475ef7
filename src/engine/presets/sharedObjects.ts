/**
 * YAML documents every preset cluster has: the Services `default/kubernetes`
 * (the API server) and `kube-system/kube-dns` (CoreDNS) with their
 * EndpointSlices (kubeadm's defaults: ClusterIPs 10.96.0.1 and 10.96.0.10,
 * API port 6443, DNS on UDP and TCP 53), and the seed's node network
 * 192.168.10.0/24 as a Fabric.
 */

/**
 * The seed's node network: 192.168.10.0/24 with the router at .1, NIC
 * `ens18`. The `client` and `internet` hosts are illustrative (assumption).
 */
export function seedFabricYaml(name: string, note: string): string {
  return `apiVersion: packetwalk.dev/v1alpha1
kind: Fabric
metadata:
  name: ${name}
  annotations:
    packetwalk.dev/assumption: "${note}"
spec:
  linuxInterface: ens18
  gatewayName: gateway
  subnets:
  - name: nodes
    cidr: 192.168.10.0/24
    gateway: 192.168.10.1
    mtu: 1500
  hosts:
  - name: client
    ip: 192.168.10.50
  - name: internet
    ip: 203.0.113.10
    external: true
`;
}

/** `default/kubernetes` → the API server on `apiServer`:6443. */
export function kubernetesServiceYaml(apiServer: string): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: kubernetes
  namespace: default
spec:
  type: ClusterIP
  clusterIP: 10.96.0.1
  ports:
  - name: https
    protocol: TCP
    port: 443
    targetPort: 6443
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kubernetes
  namespace: default
  labels:
    kubernetes.io/service-name: kubernetes
addressType: IPv4
ports:
- name: https
  protocol: TCP
  port: 6443
endpoints:
- addresses: [${apiServer}]
  conditions: {ready: true}
`;
}

export interface CorednsEndpoint {
  ip: string;
  node: string;
  pod: string;
}

/** `kube-system/kube-dns` → the CoreDNS pods; `tcp: false` gives the UDP port only. */
export function kubeDnsServiceYaml(endpoints: CorednsEndpoint[], opts: { sliceName: string; tcp?: boolean } = { sliceName: 'kube-dns-xyz12' }): string {
  const tcp = opts.tcp ?? true;
  const eps = endpoints.map((e) => `- addresses: [${e.ip}]
  conditions: {ready: true}
  nodeName: ${e.node}
  targetRef: {kind: Pod, name: ${e.pod}, namespace: kube-system}`);
  return `apiVersion: v1
kind: Service
metadata:
  name: kube-dns
  namespace: kube-system
spec:
  type: ClusterIP
  clusterIP: 10.96.0.10
  ports:
  - name: dns
    protocol: UDP
    port: 53
    targetPort: 53
${tcp ? `  - name: dns-tcp
    protocol: TCP
    port: 53
    targetPort: 53
` : ''}---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: ${opts.sliceName}
  namespace: kube-system
  labels:
    kubernetes.io/service-name: kube-dns
addressType: IPv4
ports:
- name: dns
  protocol: UDP
  port: 53
${tcp ? `- name: dns-tcp
  protocol: TCP
  port: 53
` : ''}endpoints:
${eps.join('\n')}
`;
}

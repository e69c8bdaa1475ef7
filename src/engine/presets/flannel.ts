/**
 * `flannel-vxlan` and `flannel-host-gw` — a hybrid cluster on Flannel: two
 * Linux nodes and one Windows Server 2022 node, `Network` 10.244.0.0/16 with
 * one /24 lease per node (`spec.podCIDR`), kube-proxy nftables on Linux and
 * winkernel (`kernelspace`) on Windows, and the k8s-lab Fabric.
 *
 * From sources: the Windows constraints VNI 4096 / UDP 4789 and the network
 * names `flannel.4096` (overlay) and `cbr0` (host-gw) (DATAPATH-FACTS §6.1,
 * §6.2 [F1][F4][F5][W4]); the 10.244.0.0/16 Network of kube-flannel's
 * manifests; the overlay source VIP being an address reserved from the
 * Windows lease (§6.2 [W2]); `EnableNFTables` from flannel's net-conf options
 * (pkg/trafficmngr/nftables).
 *
 * Assumptions (marked `packetwalk.dev/assumption` in the YAML): node names and
 * addresses, the Windows build, the pods and their addresses (Linux pods from
 * `.2`, Windows pods from `.3`, see ipam/flannelLeases.ts), the services, the
 * source VIP `.2`, and the Fabric hosts. `demo/api` has no podIP on purpose:
 * the engine derives it (host-local order).
 */

import { kubeDnsServiceYaml, kubernetesServiceYaml, seedFabricYaml } from './sharedObjects';

function netConf(backend: 'vxlan' | 'host-gw'): string {
  const b = backend === 'vxlan' ? '{ "Type": "vxlan", "VNI": 4096, "Port": 4789 }' : '{ "Type": "host-gw" }';
  return `{ "Network": "10.244.0.0/16", "EnableNFTables": true, "Backend": ${b} }`;
}

function winkernel(backend: 'vxlan' | 'host-gw'): string {
  return backend === 'vxlan'
    ? `winkernel:
  networkName: flannel.4096
  sourceVip: 10.244.2.2
  enableDSR: true`
    : `winkernel:
  networkName: cbr0
  enableDSR: true`;
}

function node(name: string, os: 'linux' | 'windows', ip: string, podCIDR: string, note: string): string {
  const win = os === 'windows';
  return `apiVersion: v1
kind: Node
metadata:
  name: ${name}
  labels:
    kubernetes.io/os: ${os}${win ? '\n    node.kubernetes.io/windows-build: 10.0.20348' : ''}
  annotations:
    packetwalk.dev/assumption: "${note}"
spec:
  podCIDR: ${podCIDR}
status:
  addresses:
  - type: InternalIP
    address: ${ip}
  nodeInfo:
    operatingSystem: ${os}
    osImage: ${win ? 'Windows Server 2022 Datacenter' : 'Ubuntu 24.04 LTS'}${win ? '\n    kernelVersion: 10.0.20348.3207' : ''}
`;
}

function pod(ns: string, name: string, nodeName: string, ip: string | undefined, labels: Record<string, string>): string {
  const l = Object.entries(labels).map(([k, v]) => `\n    ${k}: ${v}`).join('');
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: ${ns}${l ? `\n  labels:${l}` : ''}
  annotations:
    packetwalk.dev/assumption: "illustrative pod${ip ? '' : '; podIP left for the engine to derive'}"
spec:
  nodeName: ${nodeName}
${ip ? `status:\n  podIP: ${ip}\n` : ''}`;
}

function flannelYaml(backend: 'vxlan' | 'host-gw'): string {
  const docs = [
    `apiVersion: v1
kind: ConfigMap
metadata:
  name: kube-flannel-cfg
  namespace: kube-flannel
data:
  net-conf.json: '${netConf(backend)}'
`,
    `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clusterCIDR: 10.244.0.0/16
`,
    `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: kernelspace
${winkernel(backend)}
`,
    seedFabricYaml('lab', 'the k8s-lab node network; client and internet hosts are illustrative'),
    node('node-1', 'linux', '192.168.10.31', '10.244.0.0/24', 'node name and address are illustrative'),
    node('node-2', 'linux', '192.168.10.32', '10.244.1.0/24', 'node name and address are illustrative'),
    node('win-1', 'windows', '192.168.10.33', '10.244.2.0/24', 'address and build 10.0.20348.3207 are illustrative (20348 = Windows Server 2022)'),
    pod('demo', 'hello', 'node-1', '10.244.0.2', { app: 'hello' }),
    pod('kube-system', 'coredns-1', 'node-1', '10.244.0.3', { 'k8s-app': 'kube-dns' }),
    pod('demo', 'api', 'node-1', undefined, { app: 'api' }),
    pod('demo', 'net', 'node-2', '10.244.1.2', {}),
    pod('kube-system', 'coredns-2', 'node-2', '10.244.1.3', { 'k8s-app': 'kube-dns' }),
    pod('demo', 'web', 'win-1', '10.244.2.3', { app: 'web' }),
    pod('demo', 'iis', 'win-1', '10.244.2.4', { app: 'web' }),
    `apiVersion: v1
kind: Service
metadata:
  name: hello
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "a Linux-backed NodePort service, as in k8s-lab"
spec:
  type: NodePort
  clusterIP: 10.97.141.163
  selector:
    app: hello
  ports:
  - name: http
    protocol: TCP
    port: 80
    targetPort: 8080
    nodePort: 30080
`,
    `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: hello-abcde
  namespace: demo
  labels:
    kubernetes.io/service-name: hello
addressType: IPv4
ports:
- name: http
  protocol: TCP
  port: 8080
endpoints:
- addresses: [10.244.0.2]
  conditions: {ready: true, serving: true, terminating: false}
  nodeName: node-1
  targetRef: {kind: Pod, name: hello, namespace: demo}
`,
    `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "a Windows-backed NodePort service, as in k8s-lab"
spec:
  type: NodePort
  clusterIP: 10.101.52.17
  selector:
    app: web
  ports:
  - name: http
    protocol: TCP
    port: 80
    targetPort: 80
    nodePort: 30081
`,
    `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: web-fghij
  namespace: demo
  labels:
    kubernetes.io/service-name: web
addressType: IPv4
ports:
- name: http
  protocol: TCP
  port: 80
endpoints:
- addresses: [10.244.2.3]
  conditions: {ready: true}
  nodeName: win-1
  targetRef: {kind: Pod, name: web, namespace: demo}
- addresses: [10.244.2.4]
  conditions: {ready: true}
  nodeName: win-1
  targetRef: {kind: Pod, name: iis, namespace: demo}
`,
    kubernetesServiceYaml('192.168.10.31'),
    kubeDnsServiceYaml([
      { ip: '10.244.0.3', node: 'node-1', pod: 'coredns-1' },
      { ip: '10.244.1.3', node: 'node-2', pod: 'coredns-2' },
    ]),
  ];
  return `# flannel-${backend}: a hybrid Flannel cluster (${backend === 'vxlan' ? 'VXLAN, VNI 4096, UDP 4789' : 'host-gw'}); packetwalk preset\n` + docs.join('---\n');
}

export const FLANNEL_VXLAN_YAML = flannelYaml('vxlan');
export const FLANNEL_HOST_GW_YAML = flannelYaml('host-gw');

/**
 * `k8s-lab` — the seed's hybrid test cluster: three Linux nodes and one
 * Windows Server 2025 node, Calico VXLAN Always, BGP Disabled, strictAffinity.
 *
 * From the seed: node names and IPs, pod network 172.21.0.0/16 with blockSize
 * 26, service network 10.96.0.0/12, the Installation resource as printed,
 * k8s-lab-win-1's block 172.21.41.0/26 with pods .5 and .6 (`web`), service
 * `demo/hello` (NodePort, ClusterIP 10.97.141.163:80 → 8080, backend
 * 172.21.211.8 on k8s-lab-node-1), the NIC `ens18` and the gateway network
 * 192.168.10.0/24.
 *
 * Assumptions (marked `packetwalk.dev/assumption` in the YAML): the blocks of
 * master-1 and node-2 (mirrored from the main cluster), nodePort 30080, the
 * Windows pod at .5 (`iis`) and service `demo/web`, the client pod `net` on
 * node-2, CoreDNS placement, the Windows build number, and the Fabric hosts
 * (`client` 192.168.10.50, `internet` 203.0.113.10 behind 192.168.10.1).
 */
import { kubeDnsServiceYaml, kubernetesServiceYaml, seedFabricYaml } from './sharedObjects';

export const K8S_LAB_YAML = `# k8s-lab: the hybrid test cluster of the seed article (part 37/38)
apiVersion: operator.tigera.io/v1
kind: Installation
metadata:
  name: default
spec:
  calicoNetwork:
    bgp: Disabled
    linuxDataplane: Nftables
    windowsDataplane: HNS
    ipPools:
    - name: default-ipv4-ippool
      cidr: 172.21.0.0/16
      encapsulation: VXLAN
      natOutgoing: Enabled
      blockSize: 26
  serviceCIDRs:
  - 10.96.0.0/12
---
apiVersion: projectcalico.org/v3
kind: IPAMConfiguration
metadata:
  name: default
spec:
  strictAffinity: true
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clusterCIDR: 172.21.0.0/16
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: kernelspace
winkernel:
  networkName: Calico
  sourceVip: 172.21.41.2
  enableDSR: true
---
${seedFabricYaml('lab', 'client and internet hosts are illustrative')}---
apiVersion: v1
kind: Node
metadata:
  name: k8s-lab-master-1
  labels:
    kubernetes.io/os: linux
    node-role.kubernetes.io/control-plane: ""
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.70.192
    packetwalk.dev/assumption: "block 172.21.70.192/26 mirrored from the main cluster"
status:
  addresses:
  - type: InternalIP
    address: 192.168.10.23
  nodeInfo:
    operatingSystem: linux
    osImage: Ubuntu 24.04 LTS
---
apiVersion: v1
kind: Node
metadata:
  name: k8s-lab-node-1
  labels:
    kubernetes.io/os: linux
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.211.0
status:
  addresses:
  - type: InternalIP
    address: 192.168.10.24
  nodeInfo:
    operatingSystem: linux
    osImage: Ubuntu 24.04 LTS
---
apiVersion: v1
kind: Node
metadata:
  name: k8s-lab-node-2
  labels:
    kubernetes.io/os: linux
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.172.0
    packetwalk.dev/assumption: "block 172.21.172.0/26 mirrored from the main cluster"
status:
  addresses:
  - type: InternalIP
    address: 192.168.10.26
  nodeInfo:
    operatingSystem: linux
    osImage: Ubuntu 24.04 LTS
---
apiVersion: v1
kind: Node
metadata:
  name: k8s-lab-win-1
  labels:
    kubernetes.io/os: windows
    node.kubernetes.io/windows-build: 10.0.26100
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.41.1
    packetwalk.dev/assumption: "build 10.0.26100.4061 is illustrative (26100 = Windows Server 2025)"
status:
  addresses:
  - type: InternalIP
    address: 192.168.10.25
  nodeInfo:
    operatingSystem: windows
    osImage: Windows Server 2025 Datacenter
    kernelVersion: 10.0.26100.4061
---
apiVersion: v1
kind: Pod
metadata:
  name: hello
  namespace: demo
  labels:
    app: hello
spec:
  nodeName: k8s-lab-node-1
status:
  podIP: 172.21.211.8
---
apiVersion: v1
kind: Pod
metadata:
  name: net
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "a busybox client pod like the main cluster's net"
spec:
  nodeName: k8s-lab-node-2
status:
  podIP: 172.21.172.5
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: demo
  labels:
    app: web
spec:
  nodeName: k8s-lab-win-1
status:
  podIP: 172.21.41.6
---
apiVersion: v1
kind: Pod
metadata:
  name: iis
  namespace: demo
  labels:
    app: web
  annotations:
    packetwalk.dev/assumption: "the seed shows a second pod at .5 without a name"
spec:
  nodeName: k8s-lab-win-1
status:
  podIP: 172.21.41.5
---
apiVersion: v1
kind: Pod
metadata:
  name: coredns-1
  namespace: kube-system
  labels:
    k8s-app: kube-dns
spec:
  nodeName: k8s-lab-node-1
status:
  podIP: 172.21.211.2
---
apiVersion: v1
kind: Pod
metadata:
  name: coredns-2
  namespace: kube-system
  labels:
    k8s-app: kube-dns
spec:
  nodeName: k8s-lab-node-2
status:
  podIP: 172.21.172.2
---
apiVersion: v1
kind: Service
metadata:
  name: hello
  namespace: demo
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
---
apiVersion: discovery.k8s.io/v1
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
- addresses: [172.21.211.8]
  conditions: {ready: true, serving: true, terminating: false}
  nodeName: k8s-lab-node-1
  targetRef: {kind: Pod, name: hello, namespace: demo}
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "a Windows-backed NodePort service for local-backend flows"
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
---
apiVersion: discovery.k8s.io/v1
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
- addresses: [172.21.41.6]
  conditions: {ready: true}
  nodeName: k8s-lab-win-1
  targetRef: {kind: Pod, name: web, namespace: demo}
- addresses: [172.21.41.5]
  conditions: {ready: true}
  nodeName: k8s-lab-win-1
  targetRef: {kind: Pod, name: iis, namespace: demo}
---
${kubernetesServiceYaml('192.168.10.23')}---
${kubeDnsServiceYaml([
  { ip: '172.21.211.2', node: 'k8s-lab-node-1', pod: 'coredns-1' },
  { ip: '172.21.172.2', node: 'k8s-lab-node-2', pod: 'coredns-2' },
])}---
# The seed («Рекомендуемый путь»): the API server address for calico-node-windows.
apiVersion: v1
kind: ConfigMap
metadata:
  name: kubernetes-services-endpoint
  namespace: tigera-operator
data:
  KUBERNETES_SERVICE_HOST: k8s-lab-api.example.com
  KUBERNETES_SERVICE_PORT: "6443"
`;

/**
 * `k8s-lab-bgp` — k8s-lab with Calico BGP and no encapsulation
 * (`bgp: Enabled`, pool `encapsulation: None` → vxlanMode and ipipMode
 * Never). Linux nodes then reach other blocks by BIRD routes
 * (`<block> via <node IP> dev ens18 proto bird`, DATAPATH-FACTS §1.2 [D4]) and the
 * Windows node runs Calico's L2Bridge (windows-bgp) network (§8.1).
 * Assumption: the variant itself is ours (the seed's lab runs VXLAN); every
 * other object is k8s-lab's.
 */
export const K8S_LAB_BGP_YAML = K8S_LAB_YAML.replace('# k8s-lab: the hybrid test cluster of the seed article (part 37/38)', '# k8s-lab-bgp: k8s-lab with Calico BGP and no encapsulation (packetwalk variant)')
  .replace(
    'kind: Installation\nmetadata:\n  name: default\nspec:\n  calicoNetwork:\n    bgp: Disabled',
    'kind: Installation\nmetadata:\n  name: default\n  annotations:\n    packetwalk.dev/assumption: "variant of k8s-lab: bgp Enabled, encapsulation None"\nspec:\n  calicoNetwork:\n    bgp: Enabled',
  )
  .replace('      encapsulation: VXLAN\n', '      encapsulation: None\n');

/**
 * k8s-lab-kubeadm: k8s-lab-bgp with kube-proxy as kubeadm configures it. kubeadm
 * writes the kube-proxy ConfigMap's KubeProxyConfiguration with `mode: ""`,
 * which kube-proxy turns into iptables (cmd/kube-proxy/app/server_linux.go
 * platformApplyDefaults); Calico runs BGP without encapsulation. The Linux
 * nodes get KUBE-SERVICES / KUBE-SVC / KUBE-SEP chains instead of
 * `table ip kube-proxy`, and Felix runs its iptables dataplane (the operator's
 * default `linuxDataplane: Iptables`): cali-* chains and `cali40…` ipsets.
 * Assumption: the variant is ours; the Windows node keeps winkernel.
 */
export const K8S_LAB_KUBEADM_YAML = K8S_LAB_BGP_YAML.replace(
  '# k8s-lab-bgp: k8s-lab with Calico BGP and no encapsulation (packetwalk variant)',
  '# k8s-lab-kubeadm: k8s-lab-bgp with kube-proxy in kubeadm\'s default mode (packetwalk variant)',
)
  .replace('kind: KubeProxyConfiguration\nmode: nftables\n', 'kind: KubeProxyConfiguration\n# kubeadm\'s default: empty mode = iptables on Linux\nmode: ""\n')
  .replace('    linuxDataplane: Nftables\n', '    linuxDataplane: Iptables\n');

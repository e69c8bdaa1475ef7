/**
 * `k8s-main-before` / `k8s-main-after` — the series' main cluster before and
 * after the seed's migration (VXLANCrossSubnet + BGP → VXLAN Always, BGP
 * Disabled, strictAffinity true).
 *
 * From the seed: node names and IPs, pods 172.20.0.0/16, blocks
 * 172.20.70.192/26 (master), 172.20.211.0/26 (node-1: pods .1, .43, .53 —
 * `net` is .53, in namespace `demo`), 172.20.172.0/26 (node-2: `hello` is .6),
 * tunnel addresses = each block's first address, services 10.96.0.0/12,
 * `ens18`, the Installation values of "Шаг 0".
 *
 * Assumptions: the names of the pods at .1 and .43 (so their `cali…` names
 * are derived, not the seed's), the ClusterIP of `demo/hello`, and the Fabric.
 */
import { MAIN_POLICIES_YAML } from './policies';
import { kubeDnsServiceYaml, seedFabricYaml } from './sharedObjects';

interface MainOptions {
  encapsulation: 'VXLANCrossSubnet' | 'VXLAN';
  bgp: 'Enabled' | 'Disabled';
  strictAffinity: boolean;
  /** The seed's migration adds `windowsDataplane: HNS` after step 3. */
  windowsDataplane?: 'HNS';
  title: string;
}

function mainClusterYaml(o: MainOptions): string {
  return `# ${o.title}
apiVersion: operator.tigera.io/v1
kind: Installation
metadata:
  name: default
spec:
  calicoNetwork:
    bgp: ${o.bgp}
    linuxDataplane: Nftables${o.windowsDataplane ? `\n    windowsDataplane: ${o.windowsDataplane}` : ''}
    ipPools:
    - name: default-ipv4-ippool
      cidr: 172.20.0.0/16
      encapsulation: ${o.encapsulation}
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
  strictAffinity: ${o.strictAffinity}
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clusterCIDR: 172.20.0.0/16
---
${seedFabricYaml('main', 'client and internet hosts are illustrative')}${node('k8s-master-1', '192.168.10.17', '172.20.70.192', true)}
${node('k8s-node-1', '192.168.10.20', '172.20.211.0', false)}
${node('k8s-node-2', '192.168.10.21', '172.20.172.0', false)}
${pod('kube-system', 'coredns-0', 'k8s-node-1', '172.20.211.1', 'k8s-app: kube-dns', true)}
${pod('demo', 'hello-2', 'k8s-node-1', '172.20.211.43', 'app: hello', true)}
${pod('demo', 'net', 'k8s-node-1', '172.20.211.53', 'app: net')}
${pod('demo', 'hello', 'k8s-node-2', '172.20.172.6', 'app: hello')}
---
apiVersion: v1
kind: Service
metadata:
  name: hello
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "ClusterIP as in the lab cluster"
spec:
  type: ClusterIP
  clusterIP: 10.97.141.163
  ports:
  - name: http
    port: 80
    targetPort: 8080
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: hello-main
  namespace: demo
  labels:
    kubernetes.io/service-name: hello
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
---
${kubeDnsServiceYaml([{ ip: '172.20.211.1', node: 'k8s-node-1', pod: 'coredns-0' }], { sliceName: 'kube-dns-main', tcp: false })}
${MAIN_POLICIES_YAML}`;
}

function node(name: string, ip: string, tunnel: string, master: boolean): string {
  return `---
apiVersion: v1
kind: Node
metadata:
  name: ${name}
  labels:
    kubernetes.io/os: linux${master ? '\n    node-role.kubernetes.io/control-plane: ""' : ''}
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: ${tunnel}
status:
  addresses:
  - type: InternalIP
    address: ${ip}`;
}

/** A pod; `assumedName` marks a name the seed does not give (its `cali…` veth name is then derived from ours, not the seed's). */
function pod(ns: string, name: string, nodeName: string, ip: string, label: string, assumedName = false): string {
  return `---
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: ${ns}
  labels:
    ${label}${assumedName ? '\n  annotations:\n    packetwalk.dev/assumption: "pod name not in the seed; the seed shows only its address and veth"' : ''}
spec:
  nodeName: ${nodeName}
status:
  podIP: ${ip}`;
}

export const K8S_MAIN_BEFORE_YAML = mainClusterYaml({
  encapsulation: 'VXLANCrossSubnet',
  bgp: 'Enabled',
  strictAffinity: false,
  title: 'k8s-main-before: the main cluster as it is (VXLANCrossSubnet, BGP via BIRD)',
});

export const K8S_MAIN_AFTER_YAML = `${mainClusterYaml({
  encapsulation: 'VXLAN',
  bgp: 'Disabled',
  strictAffinity: true,
  windowsDataplane: 'HNS',
  title: 'k8s-main-after: the main cluster after the migration (VXLAN Always, BGP Disabled, strictAffinity)',
})}---
# The seed's migration ends by creating this ConfigMap («Альтернатива: перевод существующего кластера»).
apiVersion: v1
kind: ConfigMap
metadata:
  name: kubernetes-services-endpoint
  namespace: tigera-operator
  annotations:
    packetwalk.dev/assumption: "host = the main cluster's API name from the seed's table; port 6443 as in the lab cluster's ConfigMap"
data:
  KUBERNETES_SERVICE_HOST: k8s-api.example.com
  KUBERNETES_SERVICE_PORT: "6443"
`;

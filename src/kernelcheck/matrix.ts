/**
 * The scenarios and flows the kernel check runs (issue 5, "The matrix").
 *
 * Scenarios are the presets, plus objects added in code where a preset lacks
 * a case (all marked `packetwalk.dev/assumption: kernelcheck …`):
 * - k8s-lab: a NodePort service with externalTrafficPolicy Local
 *   (`demo/hello-local`, backend `demo/hello` on k8s-lab-node-1) and a service
 *   without endpoints (`demo/nothing`);
 * - k8s-main-before (VXLANCrossSubnet): a second Fabric subnet 192.168.20.0/24
 *   with node `k8s-node-3` and pod `demo/far`, so traffic crosses subnets;
 * - k8s-lab-kubeadm (kube-proxy iptables, Calico iptables with its ipsets, BGP) with k8s-lab's two extra
 *   services, loaded with ipset restore and iptables-nft-restore;
 * - flannel-vxlan and flannel-host-gw as they are (Linux nodes only; win-1 is not built).
 *
 * Expected results are never written here: each flow is traced by the model
 * and the kernel's packets are compared with that trace.
 */
import YAML from 'yaml';
import { loadScenarioText, PRESETS, type FlowRequest } from '../engine/index';
import { linuxScenarios } from './matrixLinux';
import { policyScenarios } from './matrixPolicy';

export interface FlowSpec {
  id: string;
  title: string;
  req: FlowRequest;
  /** Where kube-proxy picks at random: retry until the backend on this node was taken (the model is then pinned to it). */
  backendOn?: string;
}

export interface ScenarioSpec {
  name: string;
  yaml: string;
  flows: FlowSpec[];
}

const ASSUMED = 'packetwalk.dev/assumption';

function presetYaml(name: string): string {
  return PRESETS.find((p) => p.name === name)!.yaml;
}

function addDocs(yaml: string, docs: object[]): string {
  return `${yaml.trimEnd()}\n${docs.map((d) => `---\n${YAML.stringify(d)}`).join('')}`;
}

function labDerived(): string {
  return addDocs(presetYaml('k8s-lab'), [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'hello-local', namespace: 'demo', annotations: { [ASSUMED]: 'kernelcheck: a NodePort with externalTrafficPolicy Local' } },
      spec: { type: 'NodePort', clusterIP: '10.97.141.200', externalTrafficPolicy: 'Local', selector: { app: 'hello' }, ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30090 }] },
    },
    {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'hello-local-k1', namespace: 'demo', labels: { 'kubernetes.io/service-name': 'hello-local' } },
      addressType: 'IPv4',
      ports: [{ name: 'http', protocol: 'TCP', port: 8080 }],
      endpoints: [{ addresses: ['172.21.211.8'], conditions: { ready: true }, nodeName: 'k8s-lab-node-1', targetRef: { kind: 'Pod', name: 'hello', namespace: 'demo' } }],
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'nothing', namespace: 'demo', annotations: { [ASSUMED]: 'kernelcheck: a service without endpoints' } },
      spec: { type: 'ClusterIP', clusterIP: '10.97.141.201', selector: { app: 'nothing' }, ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080 }] },
    },
  ]);
}

/** k8s-lab-kubeadm (kube-proxy iptables, Calico BGP) with the same extra services as labDerived. */
function kubeadmDerived(): string {
  const extra = YAML.parseAllDocuments(labDerived()).slice(-3).map((d) => d.toJS() as object);
  return addDocs(presetYaml('k8s-lab-kubeadm'), extra);
}

function mainBeforeDerived(): string {
  const docs = YAML.parseAllDocuments(presetYaml('k8s-main-before')).map((d) => d.toJS() as Record<string, unknown>);
  const fabric = docs.find((d) => d.kind === 'Fabric') as { spec: { subnets: object[] } };
  fabric.spec.subnets.push({ name: 'nodes-b', cidr: '192.168.20.0/24', gateway: '192.168.20.1' });
  const head = '# k8s-main-before + k8s-node-3 in a second subnet (kernelcheck)\n';
  return addDocs(head + docs.map((d) => YAML.stringify(d)).join('---\n'), [
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'k8s-node-3', labels: { 'kubernetes.io/os': 'linux' }, annotations: { 'projectcalico.org/IPv4VXLANTunnelAddr': '172.20.100.0', [ASSUMED]: 'kernelcheck: a node in a second subnet for CrossSubnet' } },
      status: { addresses: [{ type: 'InternalIP', address: '192.168.20.30' }] },
    },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'far', namespace: 'demo', labels: { app: 'far' } },
      spec: { nodeName: 'k8s-node-3' },
      status: { podIP: '172.20.100.5' },
    },
    // A client the preset's NetworkPolicies let reach hello (allow-clients-to-hello: app in {web, net}), so a ClusterIP flow
    // from the second subnet is delivered and its backend pick is compared, not only its verdict.
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'far-net', namespace: 'demo', labels: { app: 'net' }, annotations: { [ASSUMED]: 'kernelcheck: a client of hello in the second subnet' } },
      spec: { nodeName: 'k8s-node-3' },
      status: { podIP: '172.20.100.6' },
    },
  ]);
}

export function scenarios(): ScenarioSpec[] {
  return [
    {
      name: 'k8s-lab (+ ETP Local NodePort, service without endpoints)',
      yaml: labDerived(),
      flows: [
        { id: 'lab-01', title: 'pod→pod across nodes, TCP (VXLAN Always)', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'lab-02', title: 'pod→pod across nodes, ICMP echo', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp' } },
        { id: 'lab-03', title: 'pod→pod on the same node, TCP', req: { src: 'pod:kube-system/coredns-1', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'lab-04', title: 'hostNetwork (node)→pod on another node, TCP', req: { src: 'node:k8s-lab-master-1', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'lab-05', title: 'hostNetwork (node)→pod on the same node, ICMP', req: { src: 'node:k8s-lab-node-1', dst: 'pod:demo/hello', proto: 'icmp' } },
        { id: 'lab-06', title: 'pod→ClusterIP, backend on another node, TCP', req: { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 } },
        { id: 'lab-07', title: 'pod→ClusterIP (kube-dns), backend on the same node, UDP', req: { src: 'pod:demo/net', dst: 'svc:kube-system/kube-dns', proto: 'udp', dport: 53 }, backendOn: 'k8s-lab-node-2' },
        { id: 'lab-08', title: 'pod→ClusterIP (kube-dns), backend on another node, UDP', req: { src: 'pod:demo/net', dst: 'svc:kube-system/kube-dns', proto: 'udp', dport: 53 }, backendOn: 'k8s-lab-node-1' },
        { id: 'lab-09', title: 'client→NodePort, ETP Cluster, backend on another node', req: { src: 'host:client', dst: 'node:k8s-lab-node-2', proto: 'tcp', dport: 30080 } },
        { id: 'lab-10', title: 'client→NodePort, ETP Cluster, backend on this node', req: { src: 'host:client', dst: 'node:k8s-lab-node-1', proto: 'tcp', dport: 30080 } },
        { id: 'lab-11', title: 'client→NodePort, ETP Local, local backend', req: { src: 'host:client', dst: 'node:k8s-lab-node-1', proto: 'tcp', dport: 30090 } },
        { id: 'lab-12', title: 'client→NodePort, ETP Local, no local backend', req: { src: 'host:client', dst: 'node:k8s-lab-node-2', proto: 'tcp', dport: 30090 } },
        { id: 'lab-13', title: 'pod→service without endpoints', req: { src: 'pod:demo/net', dst: 'svc:demo/nothing', proto: 'tcp', dport: 80 } },
        { id: 'lab-14', title: 'pod→ClusterIP on a port it does not serve', req: { src: 'pod:demo/net', dst: '10.97.141.163', proto: 'tcp', dport: 81 } },
        { id: 'lab-15', title: 'pod→internet host (natOutgoing), TCP', req: { src: 'pod:demo/net', dst: 'host:internet', proto: 'tcp', dport: 443 } },
        { id: 'lab-16', title: 'pod→internet host (natOutgoing), ICMP', req: { src: 'pod:demo/net', dst: 'host:internet', proto: 'icmp' } },
        // Local traffic (issue 23): the local table, loopback, conntrack undoing address and port.
        { id: 'lab-17', title: 'node→ClusterIP whose backend is the node itself (kubernetes → master-1:6443)', req: { src: 'node:k8s-lab-master-1', dst: 'svc:default/kubernetes', proto: 'tcp', dport: 443 } },
        { id: 'lab-18', title: 'pod→127.0.0.1 stays in the pod netns, TCP', req: { src: 'pod:demo/net', dst: '127.0.0.1', proto: 'tcp', dport: 80 } },
        { id: 'lab-19', title: 'pod→127.0.0.1 stays in the pod netns, UDP', req: { src: 'pod:demo/net', dst: '127.0.0.1', proto: 'udp', dport: 53 } },
        { id: 'lab-20', title: 'node→its own NodePort, backend on the node', req: { src: 'node:k8s-lab-node-1', dst: 'node:k8s-lab-node-1', proto: 'tcp', dport: 30080 } },
        { id: 'lab-21', title: 'node→ClusterIP whose backend pod is on the node', req: { src: 'node:k8s-lab-node-1', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 } },
        { id: 'lab-22', title: 'node→its own IP (local table, via lo)', req: { src: 'node:k8s-lab-node-1', dst: 'node:k8s-lab-node-1', proto: 'tcp', dport: 8080 } },
      ],
    },
    {
      name: 'k8s-lab-kubeadm (kube-proxy iptables, Calico iptables, BGP; + ETP Local NodePort, service without endpoints)',
      yaml: kubeadmDerived(),
      flows: [
        { id: 'kadm-01', title: 'pod→pod across nodes, TCP (BGP route, no encapsulation)', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'kadm-02', title: 'pod→pod across nodes, ICMP echo', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp' } },
        { id: 'kadm-03', title: 'pod→pod on the same node, TCP', req: { src: 'pod:kube-system/coredns-1', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'kadm-04', title: 'hostNetwork (node)→pod on another node, TCP', req: { src: 'node:k8s-lab-master-1', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'kadm-05', title: 'pod→ClusterIP via KUBE-SVC/KUBE-SEP, backend on another node, TCP', req: { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 } },
        { id: 'kadm-06', title: 'pod→ClusterIP (kube-dns), statistic picks the backend on this node, UDP', req: { src: 'pod:demo/net', dst: 'svc:kube-system/kube-dns', proto: 'udp', dport: 53 }, backendOn: 'k8s-lab-node-2' },
        { id: 'kadm-07', title: 'pod→ClusterIP (kube-dns), statistic picks the backend on another node, UDP', req: { src: 'pod:demo/net', dst: 'svc:kube-system/kube-dns', proto: 'udp', dport: 53 }, backendOn: 'k8s-lab-node-1' },
        { id: 'kadm-08', title: 'hostNetwork (node)→ClusterIP (nat OUTPUT), TCP', req: { src: 'node:k8s-lab-node-2', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 } },
        { id: 'kadm-09', title: 'client→NodePort (KUBE-NODEPORTS, KUBE-EXT masquerade), backend on another node', req: { src: 'host:client', dst: 'node:k8s-lab-node-2', proto: 'tcp', dport: 30080 } },
        { id: 'kadm-10', title: 'client→NodePort, backend on this node', req: { src: 'host:client', dst: 'node:k8s-lab-node-1', proto: 'tcp', dport: 30080 } },
        { id: 'kadm-11', title: 'client→NodePort, ETP Local, local backend (KUBE-SVL, source kept)', req: { src: 'host:client', dst: 'node:k8s-lab-node-1', proto: 'tcp', dport: 30090 } },
        { id: 'kadm-12', title: 'client→NodePort, ETP Local, no local backend (KUBE-EXTERNAL-SERVICES drop)', req: { src: 'host:client', dst: 'node:k8s-lab-node-2', proto: 'tcp', dport: 30090 } },
        { id: 'kadm-13', title: 'pod→service without endpoints (filter KUBE-SERVICES reject)', req: { src: 'pod:demo/net', dst: 'svc:demo/nothing', proto: 'tcp', dport: 80 } },
        { id: 'kadm-14', title: 'pod→ClusterIP on a port it does not serve (no rule in iptables mode)', req: { src: 'pod:demo/net', dst: '10.97.141.163', proto: 'tcp', dport: 81 } },
        { id: 'kadm-15', title: 'pod→internet host (natOutgoing), TCP', req: { src: 'pod:demo/net', dst: 'host:internet', proto: 'tcp', dport: 443 } },
        { id: 'kadm-16', title: 'pod→internet host (natOutgoing), ICMP', req: { src: 'pod:demo/net', dst: 'host:internet', proto: 'icmp' } },
        { id: 'kadm-17', title: 'client→pod IP (BGP routes only on the nodes)', req: { src: 'host:client', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
      ],
    },
    {
      name: 'k8s-main-after (VXLAN Always)',
      yaml: presetYaml('k8s-main-after'),
      flows: [
        { id: 'after-01', title: 'pod→pod across nodes, TCP (natOutgoing not applied)', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'after-02', title: 'pod→pod on the same node, UDP', req: { src: 'pod:demo/net', dst: 'pod:demo/hello-2', proto: 'udp', dport: 8080 } },
        { id: 'after-03', title: 'pod→ClusterIP, backend on the same node', req: { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 }, backendOn: 'k8s-node-1' },
        { id: 'after-04', title: 'pod→ClusterIP, backend on another node', req: { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 }, backendOn: 'k8s-node-2' },
        { id: 'after-05', title: 'hostNetwork (node)→pod on another node, ICMP', req: { src: 'node:k8s-node-2', dst: 'pod:demo/net', proto: 'icmp' } },
        { id: 'after-06', title: 'pod→internet host (natOutgoing), UDP', req: { src: 'pod:demo/net', dst: 'host:internet', proto: 'udp', dport: 5353 } },
        { id: 'after-07', title: 'client→pod IP (no route on the fabric)', req: { src: 'host:client', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
      ],
    },
    {
      name: 'k8s-main-before (VXLANCrossSubnet, + k8s-node-3 in 192.168.20.0/24)',
      yaml: mainBeforeDerived(),
      flows: [
        { id: 'before-01', title: 'pod→pod across nodes in one subnet (CrossSubnet: no encapsulation)', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'before-02', title: 'pod→pod across subnets (CrossSubnet: VXLAN via the gateway), TCP', req: { src: 'pod:demo/net', dst: 'pod:demo/far', proto: 'tcp', dport: 8080 } },
        { id: 'before-03', title: 'pod→pod across subnets, ICMP', req: { src: 'pod:demo/far', dst: 'pod:demo/hello', proto: 'icmp' } },
        { id: 'before-04', title: 'hostNetwork (node)→pod in the same subnet, UDP', req: { src: 'node:k8s-node-2', dst: 'pod:demo/net', proto: 'udp', dport: 8080 } },
        { id: 'before-05', title: 'hostNetwork (node)→pod across subnets, TCP', req: { src: 'node:k8s-node-3', dst: 'pod:demo/net', proto: 'tcp', dport: 8080 } },
        { id: 'before-06', title: 'pod→ClusterIP from the second subnet (a client the policies allow), backend on a node of the first', req: { src: 'pod:demo/far-net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 }, backendOn: 'k8s-node-2' },
        { id: 'before-07', title: 'pod→internet host (natOutgoing), TCP', req: { src: 'pod:demo/far', dst: 'host:internet', proto: 'tcp', dport: 80 } },
      ],
    },
    {
      name: 'flannel-vxlan (VNI 4096, port 4789; cni0 bridge)',
      yaml: presetYaml('flannel-vxlan'),
      flows: [
        { id: 'flvx-01', title: 'pod→pod across nodes over flannel.4096, TCP', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 } },
        { id: 'flvx-02', title: 'pod→internet host (flannel postrtg masquerade), TCP', req: { src: 'pod:demo/net', dst: 'host:internet', proto: 'tcp', dport: 443 } },
        { id: 'flvx-03', title: 'client→NodePort, backend on another node (masquerade to flannel.4096)', req: { src: 'host:client', dst: 'node:node-2', proto: 'tcp', dport: 30080 } },
      ],
    },
    {
      name: 'flannel-host-gw',
      yaml: presetYaml('flannel-host-gw'),
      flows: [{ id: 'flgw-01', title: 'pod→pod across nodes via the node IP, ICMP', req: { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp' } }],
    },
    ...linuxScenarios(),
    ...policyScenarios(),
  ];
}

/** Loads a scenario's YAML; throws with the diagnostics when it does not load (a harness bug). */
export function loadSpec(s: ScenarioSpec): NonNullable<ReturnType<typeof loadScenarioText>['scenario']> {
  const r = loadScenarioText(s.yaml, s.name);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (!r.scenario || errors.length) throw new Error(`${s.name}: ${errors.map((d) => `${d.field ?? ''} ${d.message}`).join('; ')}`);
  return r.scenario;
}

/**
 * The normalized scenario: what the engine reads from the input objects
 * (ARCHITECTURE.md "Input: a scenario is real objects"), after validation and
 * defaults. Plain data; every object keeps a `ref` for provenance.
 */
import type { ObjectRef } from './diagnostic';
import type { NamespaceSpec, Policy } from '../policy/model';

export type NodeOs = 'linux' | 'windows';

export interface NodeSpec {
  ref: ObjectRef;
  name: string;
  os: NodeOs;
  /** status.addresses[type=InternalIP] (IPv4): the primary address. */
  internalIP: string;
  /** Further IPv4 InternalIP/ExternalIP addresses the node holds (scenario/nodeAddresses.ts). */
  moreAddresses?: NodeAddress[];
  podCIDR?: string;
  /** status.nodeInfo.osImage, e.g. `Windows Server 2025 Datacenter`. */
  osImage?: string;
  /** status.nodeInfo.kernelVersion; on Windows the OS build, e.g. `10.0.26100.4061`. */
  kernelVersion?: string;
  /** status.nodeInfo.kubeletVersion, e.g. `v1.31.2`. */
  kubeletVersion?: string;
  /** status.nodeInfo.kubeProxyVersion (deprecated upstream; empty or the kubelet's on newer nodes). */
  kubeProxyVersion?: string;
  labels: Record<string, string>;
  /** Annotation `projectcalico.org/RouteReflectorClusterID`: the node is a BGP route reflector. */
  routeReflectorClusterID?: string;
  /** Annotation `projectcalico.org/IPv4VXLANTunnelAddr`, when given. */
  vxlanTunnelAddr?: string;
  /** Annotation `projectcalico.org/VXLANTunnelMACAddr`, when given. */
  vxlanTunnelMac?: string;
  /**
   * Annotation `flannel.alpha.coreos.com/backend-data` (the lease's backend
   * attributes, vxlan: `{"VNI":4096,"VtepMAC":"…"}`), when given and valid JSON.
   * @see flannel-io/flannel pkg/backend/vxlan/vxlan.go (vxlanLeaseAttrs)
   */
  flannelBackendData?: { vni?: number; vtepMac?: string };
  /**
   * Pods the kubelet admits: status.allocatable.pods, else status.capacity.pods
   * (kubelet `maxPods`), when the Node object carries them.
   */
  maxPods?: number;
}

/** One of a node's further addresses: `index` is its position in status.addresses. */
export interface NodeAddress {
  ip: string;
  type: 'InternalIP' | 'ExternalIP';
  index: number;
}

export interface PodSpec {
  ref: ObjectRef;
  namespace: string;
  name: string;
  nodeName: string;
  hostNetwork: boolean;
  /** status.podIP; derived from the node's block when absent. */
  ip?: string;
  labels: Record<string, string>;
  /** spec.containers[].ports[] (named ports resolve NetworkPolicy `port: <name>`). */
  ports?: { name?: string; containerPort: number; protocol: L4ProtoName }[];
}

export type L4ProtoName = 'TCP' | 'UDP' | 'SCTP';

export interface ServicePortSpec {
  name?: string;
  protocol: L4ProtoName;
  port: number;
  targetPort: number | string;
  nodePort?: number;
}

export interface ServiceSpec {
  ref: ObjectRef;
  namespace: string;
  name: string;
  type: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';
  clusterIP?: string;
  /** spec.clusterIP `None`: DNS answers with the ready endpoints' addresses. */
  headless?: boolean;
  /** spec.externalName of an ExternalName Service: DNS answers with this CNAME. */
  externalName?: string;
  ports: ServicePortSpec[];
  externalIPs: string[];
  loadBalancerIngress: string[];
  loadBalancerSourceRanges: string[];
  externalTrafficPolicy: 'Cluster' | 'Local';
  /** spec.healthCheckNodePort (LoadBalancer with externalTrafficPolicy Local): where kube-proxy's health server answers for it. */
  healthCheckNodePort?: number;
  internalTrafficPolicy: 'Cluster' | 'Local';
  sessionAffinity: 'None' | 'ClientIP';
  /** sessionAffinityConfig.clientIP.timeoutSeconds (default 10800). */
  sessionAffinityTimeout: number;
  annotations: Record<string, string>;
}

export interface EndpointSpec {
  addresses: string[];
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  nodeName?: string;
  /** targetRef `ns/name` of the pod, when given. */
  pod?: string;
}

export interface EndpointSliceSpec {
  ref: ObjectRef;
  namespace: string;
  name: string;
  /** Label `kubernetes.io/service-name`. */
  serviceName: string;
  ports: { name?: string; port: number; protocol: L4ProtoName }[];
  endpoints: EndpointSpec[];
}

/** A NetworkPolicy (Kubernetes or Calico) in the policy model (policy/model.ts). */
export type NetworkPolicySpec = Policy;

export interface KubeProxySpec {
  /** The Linux proxier (empty or absent mode = iptables, kube-proxy's default). */
  mode: 'nftables' | 'iptables' | 'ipvs';
  /** The Linux KubeProxyConfiguration's `mode` as written; undefined when there is none. */
  modeGiven?: string;
  clusterCIDR?: string;
  /** Masquerade mark bit (0x4000 for 14). */
  masqueradeBit: number;
  masqueradeAll: boolean;
  /** `primary` (nftables default) or CIDRs. */
  nodePortAddresses: string[];
  /** iptables mode: accept NodePorts on 127.0.0.1 (`iptables.localhostNodePorts`, default true). */
  localhostNodePorts?: boolean;
  winkernel: WinkernelSpec;
  /** Whether the input has a winkernel KubeProxyConfiguration (`mode: kernelspace` or a `winkernel` section), which `winkernel` reads; else it holds kube-proxy's defaults. */
  winkernelConfig?: boolean;
  /**
   * Per Windows node: its own KubeProxyConfiguration (`hostnameOverride:
   * NODE`, scenario/winkernelConfig.ts), or the flags of the Windows
   * kube-proxy DaemonSet that starts it differently (scenario/kubeadm.ts); a
   * node not listed uses `winkernel`.
   */
  winkernelByNode?: Record<string, WinkernelSpec>;
}

export interface WinkernelSpec {
  networkName: string;
  /** As written (flag or config); when absent each node derives its own (windows/kubeProxySettings.ts). */
  sourceVip?: string;
  enableDSR: boolean;
  /** KubeProxyConfiguration `featureGates` (kube-proxy `--feature-gates`), e.g. WinDSR, WinOverlay. */
  featureGates?: Record<string, boolean>;
  /** `winkernel.forwardHealthCheckVip`: a health-check load balancer on each LoadBalancer ingress IP. */
  forwardHealthCheckVip?: boolean;
  /** `winkernel.rootHnsEndpointName` (default `cbr0`): the HNS endpoint the health-check load balancers forward to. */
  rootHnsEndpointName?: string;
  /** The object this node's settings come from, when they are the node's own (hostnameOverride config, a DaemonSet). */
  from?: string;
}

/** A CNI plug-in's settings on the scenario (Scenario.cniSettings), by plug-in name; undefined when it has none. */
export function cniSettingsOf(s: Scenario, name: string): unknown {
  const all = s.cniSettings;
  // Plug-in names are the engine's, but the record is plain data: only its own keys count.
  return all && Object.hasOwn(all, name) ? all[name] : undefined;
}

/** The winkernel settings kube-proxy runs with on `node`. */
export function winkernelOf(kp: KubeProxySpec, node: string): WinkernelSpec {
  // Node names come from the input: only the record's own keys count (a node may be called `constructor`).
  return (kp.winkernelByNode && Object.hasOwn(kp.winkernelByNode, node) ? kp.winkernelByNode[node] : undefined) ?? kp.winkernel;
}

export interface FabricSubnet {
  name: string;
  cidr: string;
  /** The router's address on this subnet. */
  gateway: string;
  /** The NIC MTU of the stations on this subnet. */
  mtu: number;
  /**
   * The largest IP packet the network between them carries, when it is
   * narrower than the NICs (a cloud underlay of 1400 under 1500-byte NICs);
   * absent: the same as `mtu`.
   */
  pathMtu?: number;
}

export interface FabricHost {
  name: string;
  ip: string;
  mac: string;
  /** Reached through the gateway (the internet), rather than on a node subnet. */
  external: boolean;
}

export interface FabricSpec {
  ref: ObjectRef;
  subnets: FabricSubnet[];
  hosts: FabricHost[];
  /** The router between subnets and the outside. */
  gatewayName: string;
  /** Linux node NIC name (the seed's nodes use `ens18`). */
  linuxInterface: string;
  /** Per-node MAC overrides of the NIC, by node name. */
  nodeMacs: Record<string, string>;
}

/** A whole scenario after loading. */
export interface Scenario {
  name: string;
  nodes: NodeSpec[];
  pods: PodSpec[];
  services: ServiceSpec[];
  endpointSlices: EndpointSliceSpec[];
  networkPolicies: NetworkPolicySpec[];
  /** Namespace objects with their labels (namespaceSelector); pods' namespaces without one are implicit. */
  namespaces?: NamespaceSpec[];
  kubeProxy: KubeProxySpec;
  /**
   * Settings of the CNI plug-ins that read their own objects
   * (linux/cni/plugin.ts CniSettingsLoader), by plug-in name; opaque here,
   * narrowed by the plug-in (`settingsOf`) or by the accessor of the settings
   * type in model/ (`calicoSettings`, `flannelSettings`). Absent when none has any.
   */
  cniSettings?: Readonly<Record<string, unknown>>;
  fabric: FabricSpec;
  /** Cluster service CIDRs (Installation.serviceCIDRs, else the kube-apiserver default 10.96.0.0/12). */
  serviceCIDRs: string[];
  /** Cluster DNS domain. */
  clusterDomain: string;
  /**
   * ConfigMaps `kubernetes-services-endpoint` (the API server address Calico
   * for Windows needs; the seed creates it in `tigera-operator`), when given.
   */
  servicesEndpoint?: ServicesEndpointConfigMap[];
  /** Component versions the dump shows (images, kubeadm-config); see engine/versions. */
  versions?: DumpVersions;
  /** kubeadm-config ClusterConfiguration `controlPlaneEndpoint` (host and port), when given. */
  controlPlaneEndpoint?: { host: string; port?: string; ref: ObjectRef };
}

/** A version read from the dump, with where it was read (a reader's phrase: object and field or image). */
export interface VersionSource {
  version: string;
  object: ObjectRef;
  /** `image registry.k8s.io/kube-proxy:v1.31.2`, `kubernetesVersion`, `status.calicoVersion`. */
  field: string;
}

/** Versions per component: from a Pod on a node (by node name) or from a workload for an OS. */
export interface ComponentVersions {
  byNode: Record<string, VersionSource>;
  byOs: Partial<Record<NodeOs, VersionSource>>;
}

export interface DumpVersions {
  kubeProxy: ComponentVersions;
  calico: ComponentVersions;
  /** kubeadm-config ClusterConfiguration kubernetesVersion. */
  kubernetes?: VersionSource;
}

/** A `kubernetes-services-endpoint` ConfigMap. */
export interface ServicesEndpointConfigMap {
  ref: ObjectRef;
  namespace: string;
  host?: string;
  port?: string;
}

/**
 * A compiled Windows node: the HNS objects (what `Get-HnsNetwork`,
 * `Get-HnsEndpoint`, `Get-HnsNamespace`, `Get-HnsPolicyList` print), the VFP
 * ports that execute them, the host's route table and the load balancers
 * kube-proxy (winkernel) could not create.
 */
import type { Datapath } from '../datapath/datapath';
import type { ObjectRef } from '../model/diagnostic';
import type { Cidr } from '../model/ipv4';
import type { HnsEndpoint, HnsNamespace, HnsNetwork, HnsPolicyList } from './hns';
import type { NodeKubeProxy } from './kubeProxySettings';
import type { NetworkMissing } from './networkMissing';
import type { WinBuild } from './osBuild';
import type { VfpPort } from './vfp';

/** Overlay = Calico VXLAN (VSID); l2bridge = Calico BGP without encapsulation. */
export type WindowsNetworkMode = 'overlay' | 'l2bridge';

/** A pod's compartment (HNS namespace) and its endpoint. */
export interface WindowsPod {
  pod: string;
  ref: ObjectRef;
  ip: string;
  mac: string;
  gateway: string;
  endpointId: string;
  namespaceId: string;
  /** Whether the pod's pool has natOutgoing (then the endpoint has OutBoundNAT). */
  outboundNat: boolean;
}

/** A route in the host's table (`Get-NetRoute` on `vEthernet (Ethernet)`). */
export interface WindowsHostRoute {
  dst: Cidr;
  nextHop: string;
  ifAlias: string;
  /** Where it comes from, e.g. `BGP (RRAS)`, `Local`. */
  protocol: string;
  source: string;
  assumption?: boolean;
}

/** The per-load-balancer backend cap that applies to this node's OS build. */
export interface LbCap {
  cap: number;
  build?: number;
  source: string;
  /** The number the other sources give (64 vs 1024: they disagree), shown beside the cap. */
  otherCap: number;
  otherSource: string;
}

/**
 * A service frontend with no load balancer on this node: HNS refused it (more
 * backends than the cap), kube-proxy does not ask for it (no usable
 * endpoint), or kube-proxy is not
 * running. The walk decides drops from these, not from what the user asked.
 */
export interface LbFailure {
  reason: 'backend-cap' | 'no-endpoints' | 'kube-proxy-down';
  service: ObjectRef;
  kind: WinLoadBalancer['kind'];
  vip: string;
  port: number;
  proto: string;
  backends: number;
  cap: number;
}

/** A load balancer as kube-proxy winkernel creates it (one per service port and frontend). */
export interface WinLoadBalancer {
  id: string;
  service: ObjectRef;
  /** HealthCheck: forwardHealthCheckVip's load balancer on an ingress IP, to the root HNS endpoint (winkernel.ts). */
  kind: 'ClusterIP' | 'NodePort' | 'ExternalIP' | 'LoadBalancer' | 'HealthCheck';
  /** Frontend VIP; for a NodePort the node's management IP (kube-proxy passes none). */
  vip: string;
  proto: 'tcp' | 'udp';
  externalPort: number;
  internalPort: number;
  dsr: boolean;
  preserveDip: boolean;
  localRoutedVip: boolean;
  /** SourceIP distribution (sessionAffinity: ClientIP). */
  affinity: boolean;
  sourceVip: string;
  backends: { ip: string; endpointId: string; remote: boolean; pod?: string }[];
  /** Why the flags differ from what the Service asks (a build without DSR or session affinity), with sources. */
  notes?: string[];
}

export interface WindowsNodeState {
  kind: 'windows';
  name: string;
  /** CNI × dataplane (HNS) × service proxy (winkernel), as decided for this node. */
  datapath: Datapath;
  ref: ObjectRef;
  ip: string;
  build?: number;
  /** The OS build as the node reports it; picks the rows of the build table (osBuild.ts). */
  osBuild: WinBuild;
  mode: WindowsNetworkMode;
  /** The MTU of `vEthernet (Ethernet)`: the physical NIC's (the Fabric subnet's); pod vNICs subtract their EncapOverhead (vnicMtu.ts). */
  nicMtu: number;
  /** The node's MAC (the physical NIC's, taken over by `vEthernet (Ethernet)`). */
  hostMac: string;
  /** Overlay: VSID / VNI. */
  vsid?: number;
  vxlanPort?: number;
  block: Cidr;
  network: HnsNetwork;
  /** `Calico_ep`: the source VIP (overlay) or the pods' gateway (l2bridge). */
  hostEndpoint: HnsEndpoint;
  endpoints: HnsEndpoint[];
  namespaces: HnsNamespace[];
  loadBalancers: WinLoadBalancer[];
  policyLists: HnsPolicyList[];
  lbFailures: LbFailure[];
  /** Ports kube-proxy's health servers listen on at every node address (healthz, each healthCheckNodePort), with what answers. */
  healthPorts: { port: number; what: string; source: string }[];
  /** Why forwardHealthCheckVip created no health-check load balancer, when it is on. */
  healthCheckNote?: string;
  lbCap: LbCap;
  sourceVip: string;
  /** The settings kube-proxy runs with on this node (kubeProxySettings.ts). */
  kubeProxy: NodeKubeProxy;
  pods: WindowsPod[];
  /** VFP ports: one per pod endpoint, the host vNIC, the external (physical) port. */
  ports: VfpPort[];
  hostRoutes: WindowsHostRoute[];
  /** The CNI refuses to create the HNS network with this configuration: the node's pods have no network. */
  networkMissing?: NetworkMissing;
  /** Pods of other nodes whose address lies in this node's block (borrowed without strictAffinity): VFP takes them for local. */
  foreignInBlock: { ip: string; pod: string; node: string }[];
  /** Pod-network exceptions of OutBoundNAT (service CIDRs, then pool CIDRs). */
  natExceptions: string[];
  /** Who writes each exception (CNI config or source), shown on the VFP rule. */
  natSources: Record<string, string>;
  /** A range SNATed by the CNI's code although a source says it is excepted: shown as an assumption. */
  natDisputed?: { cidr: string; source: string };
  /** Set when the HNS objects come from the node's own dumps (these files), not derived from the cluster objects. */
  importedFrom?: string[];
}

/**
 * kube-proxy on Windows (winkernel / kernelspace): the HNS load balancers and
 * remote endpoints it creates for the Services of the scenario.
 * @see DATAPATH-FACTS §4.3, §4.4 [K1] pkg/proxy/winkernel/proxier.go,
 *   [K2] loadbalancer.go, [K3] hns.go
 *
 * Per service port:
 * - ClusterIP: VIP = ClusterIP, external port = service port, internal port =
 *   the endpoints' port, DSR = `enableDSR`; all endpoints (local only with
 *   internalTrafficPolicy Local).
 * - NodePort: no frontend VIP (HNS programs it on the management IP),
 *   external port = nodePort, `LocalRoutedVIP`, DSR = localTrafficDSR;
 *   local endpoints only with localTrafficDSR or preserveDIP.
 * - externalIPs: one per address, DSR and local endpoints with localTrafficDSR.
 * - LoadBalancer ingress: one per address, DSR and local endpoints with
 *   localTrafficDSR or preserveDIP (which also sets PreserveDIP).
 * - localTrafficDSR = externalTrafficPolicy Local, preserveDIP = the
 *   `preserve-destination: "true"` annotation; newServiceInfo clears both
 *   when HNS has no DSR (hcn DsrSupported, by build in osBuild.ts): the
 *   frontends then take every endpoint and SNAT, ETP Local is silently lost.
 *   `enableDSR` does not enter (K6's "enable DSR" note disagrees with [K1]).
 * - sessionAffinity ClientIP → SourceIP distribution, on builds whose HNS
 *   supports it (osBuild.ts); kube-proxy asks anyway on older ones.
 * - No usable endpoint → no load balancer.
 * - Remote backends become remote endpoints: overlay MAC `02-11-<IP hex>`,
 *   PA = the provider address of the RemoteSubnetRoute covering the IP, else
 *   the node IP; overlay also gets a remote endpoint for each ClusterIP
 *   (MAC = host MAC, PA = node IP).
 * - SourceVIP (overlay): the node's own source VIP (kubeProxySettings.ts),
 *   or the node IP when a remote backend is a node IP or outside every
 *   RemoteSubnetRoute. L2Bridge passes none (empty); assumption: HNS then
 *   SNATs to the node IP (DATAPATH-FACTS caveat 3).
 * - kube-proxy that exits at start (kubeProxySettings.ts) creates nothing.
 * - More unique backends than the node's cap (lbCap.ts) → HNS refuses the
 *   load balancer (recorded in lbFailures).
 */
import type { ClusterView } from '../model/clusterView';
import { FirstPrefixIndex } from '../model/firstPrefix';
import { ipToInt } from '../model/ipv4';
import type { ServicePortSpec, ServiceSpec } from '../model/scenario';
import { categorizeEndpoints, endpointsForServicePort, type KubeProxyEndpoint } from '../model/serviceEndpoints';
import type { HnsEndpoint, HnsNetwork, HnsPolicyList } from './hns';
import { hnsMac } from './hns';
import { hnsId } from './ids';
import type { NodeKubeProxy } from './kubeProxySettings';
import type { LbCap, LbFailure, WindowsNetworkMode, WindowsPod, WinLoadBalancer } from './state';
import { buildHas, buildSource, type WinBuild } from './osBuild';

export const PRESERVE_DESTINATION = 'preserve-destination';

/** kube-proxy's conjured MAC for a remote endpoint: `02-11-<IP in hex>`. @see [K1] */
export function remoteEndpointMac(ip: string): string {
  const n = ipToInt(ip);
  return [0x02, 0x11, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

export interface WinkernelInput {
  node: string;
  nodeIp: string;
  hostMac: string;
  mode: WindowsNetworkMode;
  network: HnsNetwork;
  pods: WindowsPod[];
  cap: LbCap;
  view: ClusterView;
  settings: NodeKubeProxy;
  osBuild: WinBuild;
}

export interface WinkernelState {
  loadBalancers: WinLoadBalancer[];
  remoteEndpoints: HnsEndpoint[];
  policyLists: HnsPolicyList[];
  failures: LbFailure[];
  sourceVip: string;
}

/**
 * kube-proxy's findRemoteSubnetProviderAddress: the PA of the first RemoteSubnetRoute containing the IP, or equal to it. @see [K1]
 * Returns a lookup built once per compile (every Service port asks it for each endpoint).
 */
function providerAddressLookup(net: HnsNetwork): (ip: string) => string | undefined {
  const routes = net.Policies.filter((p) => p.Type === 'RemoteSubnetRoute');
  const byPrefix = new FirstPrefixIndex(routes.map((p) => p.DestinationPrefix));
  const byPa = new Map<string, number>();
  routes.forEach((p, i) => {
    if (!byPa.has(p.ProviderAddress)) byPa.set(p.ProviderAddress, i);
  });
  return (ip) => {
    const a = byPa.get(ip);
    const b = byPrefix.first(ip);
    const i = a === undefined ? b : b === undefined ? a : Math.min(a, b);
    return i === undefined ? undefined : routes[i]!.ProviderAddress;
  };
}

function protoNumber(p: 'tcp' | 'udp'): number {
  return p === 'tcp' ? 6 : 17;
}

export function compileWinkernel(input: WinkernelInput): WinkernelState {
  const { view, network: net, mode } = input;
  const s = view.scenario;
  const wk = input.settings;
  const st: WinkernelState = { loadBalancers: [], remoteEndpoints: [], policyLists: [], failures: [], sourceVip: '' };
  const remote = new Map<string, HnsEndpoint>();
  const rsrPAs = new Set(net.Policies.flatMap((p) => (p.Type === 'RemoteSubnetRoute' ? [p.ProviderAddress] : [])));
  const configuredVip = wk.sourceVip;

  const remoteEndpoint = (ip: string, pa: string | undefined, mac: string): HnsEndpoint => {
    const hit = remote.get(ip);
    if (hit) return hit;
    const ep: HnsEndpoint = {
      ID: hnsId(`${input.node}/remote/${ip}`),
      Name: `remote-${ip}`,
      VirtualNetwork: net.ID,
      VirtualNetworkName: net.Name,
      Policies: pa ? [{ Type: 'PA', PA: pa }] : [],
      MacAddress: hnsMac(mac),
      IPAddress: ip,
      PrefixLength: 32,
      IsRemoteEndpoint: true,
      ...(mode === 'overlay' ? { EncapOverhead: 50 } : {}),
      State: 1,
    };
    remote.set(ip, ep);
    return ep;
  };

  // Per-compile lookups by IP: every Service port asks them for each of its endpoints.
  const podByIp = new Map<string, (typeof input.pods)[number]>();
  for (const p of input.pods) if (!podByIp.has(p.ip)) podByIp.set(p.ip, p);
  const paFor = providerAddressLookup(net);

  const backendOf = (e: KubeProxyEndpoint): WinLoadBalancer['backends'][number] => {
    const pod = podByIp.get(e.ip);
    if (pod) return { ip: e.ip, endpointId: pod.endpointId, remote: false, pod: pod.pod };
    const pa = mode === 'overlay' ? paFor(e.ip) ?? input.nodeIp : undefined;
    const ep = remoteEndpoint(e.ip, pa, remoteEndpointMac(e.ip));
    return { ip: e.ip, endpointId: ep.ID, remote: true };
  };

  const sourceVipFor = (backends: WinLoadBalancer['backends']): string => {
    // Non-overlay networks: kube-proxy passes an empty SourceVIP [K1].
    if (mode !== 'overlay') return '';
    const nodeOrPublic = backends.some((b) => b.remote && (rsrPAs.has(b.ip) || paFor(b.ip) === undefined));
    return nodeOrPublic || !configuredVip ? input.nodeIp : configuredVip;
  };

  for (const svc of s.services) {
    if (svc.type === 'ExternalName' || !svc.clusterIP) continue;
    for (const port of svc.ports) {
      if (port.protocol === 'SCTP') continue;
      addServicePort(svc, port);
    }
  }

  function addServicePort(svc: ServiceSpec, port: ServicePortSpec): void {
    const proto = port.protocol === 'TCP' ? 'tcp' : 'udp';
    const eps = endpointsForServicePort(svc, port, s.endpointSlices, input.node);
    const etp = svc.externalTrafficPolicy === 'Local' && (svc.type === 'NodePort' || svc.type === 'LoadBalancer');
    const preserveAsked = svc.annotations[PRESERVE_DESTINATION] === 'true';
    // K1 newServiceInfo: localTrafficDSR = ETP Local and preserveDIP = the annotation, both cleared when hcn DsrSupported
    // fails (the build's HNS, osBuild.ts); enableDSR plays no part in them (K6 says "enable DSR" — the code does not check).
    const localTrafficDSR = etp && wk.dsrSupported;
    const preserveDIP = preserveAsked && wk.dsrSupported;
    const itpLocal = svc.internalTrafficPolicy === 'Local';
    // K1 syncProxyRules: remote endpoints are skipped only when both ITP and (DSR) ETP are Local.
    const usesCluster = !(itpLocal && localTrafficDSR);
    const cat = categorizeEndpoints(eps, usesCluster, itpLocal || localTrafficDSR || preserveDIP);
    const internalPort = eps[0]?.port ?? (typeof port.targetPort === 'number' ? port.targetPort : port.port);
    const ref = svc.ref;
    const affinityAsked = svc.sessionAffinity === 'ClientIP';
    const affinity = affinityAsked && buildHas(input.osBuild, 'session-affinity');
    const base = { service: ref, proto: proto as 'tcp' | 'udp', internalPort, affinity };
    const hnsEndpoints = (usesCluster ? cat.cluster : cat.local).map(backendOf);
    const hnsLocalEndpoints = cat.local.map(backendOf);
    const ignored = (etp && !localTrafficDSR) || (preserveAsked && !preserveDIP)
      ? `K1 newServiceInfo: ${[etp && !localTrafficDSR ? 'externalTrafficPolicy Local' : '', preserveAsked && !preserveDIP ? 'preserve-destination' : ''].filter(Boolean).join(' and ')} ignored, hcn DsrSupported fails on ${input.osBuild.label} (${wk.dsrSource}): all endpoints, SNAT`
      : undefined;
    const notes = [ignored, affinityAsked ? `sessionAffinity ClientIP: ${buildSource(input.osBuild, 'session-affinity')}` : undefined].filter((x): x is string => !!x);

    const add = (kind: WinLoadBalancer['kind'], vip: string, externalPort: number, backends: WinLoadBalancer['backends'], flags: { dsr: boolean; localRoutedVip: boolean; preserveDip: boolean }): void => {
      const failed = (reason: LbFailure['reason'], count: number): void => {
        st.failures.push({ reason, service: ref, kind, vip, port: externalPort, proto, backends: count, cap: input.cap.cap });
      };
      if (wk.down) return failed('kube-proxy-down', backends.length);
      // K1 syncProxyRules: no usable endpoint → no load balancer for the frontend.
      if (backends.length === 0) return failed('no-endpoints', 0);
      const unique = new Set(backends.map((b) => b.ip)).size;
      if (unique > input.cap.cap) {
        return failed('backend-cap', unique);
      }
      const id = hnsId(`${input.node}/lb/${kind}/${vip}/${externalPort}/${proto}`);
      st.loadBalancers.push({ id, kind, vip, externalPort, ...base, ...flags, sourceVip: sourceVipFor(backends), backends, ...(kind !== 'ClusterIP' && notes.length ? { notes } : affinityAsked ? { notes: notes.slice(-1) } : {}) });
    };

    // K1 syncProxyRules, per frontend (clusterIPEndpoints, nodePortEndpoints, externalIPEndpoints, lbIngressEndpoints):
    add('ClusterIP', svc.clusterIP!, port.port, itpLocal ? hnsLocalEndpoints : hnsEndpoints, { dsr: wk.enableDSR, localRoutedVip: false, preserveDip: false });
    if (mode === 'overlay') remoteEndpoint(svc.clusterIP!, input.nodeIp, input.hostMac);
    if (port.nodePort) add('NodePort', input.nodeIp, port.nodePort, preserveDIP || localTrafficDSR ? hnsLocalEndpoints : hnsEndpoints, { dsr: localTrafficDSR, localRoutedVip: true, preserveDip: false });
    for (const ip of svc.externalIPs) add('ExternalIP', ip, port.port, localTrafficDSR ? hnsLocalEndpoints : hnsEndpoints, { dsr: localTrafficDSR, localRoutedVip: false, preserveDip: false });
    for (const ip of svc.loadBalancerIngress) {
      add('LoadBalancer', ip, port.port, preserveDIP || localTrafficDSR ? hnsLocalEndpoints : hnsEndpoints, { dsr: preserveDIP || localTrafficDSR, localRoutedVip: false, preserveDip: preserveDIP });
    }
  }

  st.remoteEndpoints = [...remote.values()];
  st.sourceVip = mode === 'overlay' ? configuredVip : '';
  st.policyLists = st.loadBalancers.map((lb) => ({
    ID: lb.id,
    References: lb.backends.map((b) => `/endpoints/${b.endpointId}`),
    Policies: [
      {
        Type: 'ELB',
        Protocol: protoNumber(lb.proto),
        InternalPort: lb.internalPort,
        ExternalPort: lb.externalPort,
        VIPs: lb.kind === 'NodePort' ? [] : [lb.vip],
        SourceVIP: lb.sourceVip,
        ILB: false,
        IsDSR: lb.dsr,
        LocalRoutedVip: lb.localRoutedVip,
        PreserveDip: lb.preserveDip,
        DistributionType: lb.affinity ? 2 : 0,
      },
    ],
  }));
  return st;
}

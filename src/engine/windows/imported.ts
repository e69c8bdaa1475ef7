/**
 * A Windows node built from what the node itself printed (`Get-HnsNetwork`,
 * `Get-HnsEndpoint`, `Get-HnsPolicyList` JSON dumps, importers/hnsDump.ts)
 * instead of what the cluster objects imply: the network (type, subnet,
 * VSID, RemoteSubnetRoutes, DrMacAddress), the endpoints with their policies
 * (OutBoundNAT exceptions, ROUTE, ACLs) and the load balancers become the
 * node's state, and the VFP ports are compiled from them the same way.
 * What a dump lacks (a pod without an endpoint, a block without a
 * RemoteSubnetRoute) then shows in traces as it would on the real node.
 * The differences to the derived state are listed by importers/compareHns.ts.
 *
 * Assumption: the host routes and the backend cap are not in the dumps and
 * stay derived.
 */
import type { ObjectRef } from '../model/diagnostic';
import { nthAddress, parseCidr } from '../model/ipv4';
import type { Scenario } from '../model/scenario';
import type { HnsImport } from '../importers/hnsDump';
import type { HnsEndpoint, HnsEndpointPolicy, HnsNetwork } from './hns';
import { packetMac } from './hns';
import type { WindowsNodeState, WindowsPod, WinLoadBalancer } from './state';
import { compileVfpPorts } from './vfpCompile';

function pickNetwork(imp: HnsImport, derived: WindowsNodeState): HnsNetwork | undefined {
  return imp.networks.find((n) => n.Name === derived.network.Name) ?? imp.networks.find((n) => n.Type === 'Overlay' || n.Type === 'L2Bridge');
}

function outboundNat(ep: HnsEndpoint): Extract<HnsEndpointPolicy, { Type: 'OutBoundNAT' }> | undefined {
  return ep.Policies.find((p): p is Extract<HnsEndpointPolicy, { Type: 'OutBoundNAT' }> => p.Type === 'OutBoundNAT');
}

/**
 * An endpoint whose OutBoundNAT exception list the dump did not show (the
 * list layout prints `System.Object[]`) gets the derived list. Assumption,
 * reported when the dump was parsed.
 */
function withReadableExceptions(ep: HnsEndpoint, imp: HnsImport, derived: WindowsNodeState): HnsEndpoint {
  if (!imp.unreadExceptions.includes(ep.ID)) return ep;
  return { ...ep, Policies: ep.Policies.map((p) => (p.Type === 'OutBoundNAT' ? { ...p, ExceptionList: [...derived.natExceptions] } : p)) };
}

/** The Service a load balancer serves, found by its frontend (ClusterIP, external IP or NodePort). */
function serviceOf(s: Scenario, vip: string, port: number, nodePort: boolean): ObjectRef | undefined {
  const svc = s.services.find((v) =>
    nodePort ? v.ports.some((p) => p.nodePort === port) : (v.clusterIP === vip || v.externalIPs.includes(vip) || v.loadBalancerIngress.includes(vip)) && v.ports.some((p) => p.port === port),
  );
  return svc?.ref;
}

/** `/endpoints/<ID>` → `<ID>`. */
export function endpointIdOf(ref: string): string {
  return ref.split('/').pop() ?? '';
}

function loadBalancersOf(imp: HnsImport, endpoints: HnsEndpoint[], st: WindowsNodeState, s: Scenario): WinLoadBalancer[] {
  const byId = new Map(endpoints.map((e) => [e.ID.toUpperCase(), e]));
  return imp.policyLists.flatMap((pl) =>
    pl.Policies.flatMap((elb): WinLoadBalancer[] => {
      if (elb.Protocol !== 6 && elb.Protocol !== 17) return [];
      const nodePort = elb.VIPs.length === 0;
      const vip = nodePort ? st.ip : elb.VIPs[0]!;
      const service = serviceOf(s, vip, elb.ExternalPort, nodePort) ?? { kind: 'HnsPolicyList', name: pl.ID };
      // A reference to an endpoint the dumps lack names no address: that backend is left out, and a
      // load balancer left without any is not built (K1 winkernel: no usable endpoints → no load
      // balancer). importers/hnsCheck.ts reports both.
      const backends = pl.References.flatMap((ref) => {
        const ep = byId.get(endpointIdOf(ref).toUpperCase());
        if (!ep) return [];
        const pod = st.pods.find((p) => p.ip === ep.IPAddress);
        return [{ ip: ep.IPAddress, endpointId: ep.ID, remote: ep.IsRemoteEndpoint === true, ...(pod ? { pod: pod.pod } : {}) }];
      });
      if (backends.length === 0) return [];
      const kind: WinLoadBalancer['kind'] = nodePort ? 'NodePort' : s.services.some((v) => v.clusterIP === vip) ? 'ClusterIP' : s.services.some((v) => v.loadBalancerIngress.includes(vip)) ? 'LoadBalancer' : 'ExternalIP';
      return [
        {
          id: pl.ID,
          service,
          kind,
          vip,
          proto: elb.Protocol === 6 ? 'tcp' : 'udp',
          externalPort: elb.ExternalPort,
          internalPort: elb.InternalPort,
          dsr: elb.IsDSR,
          preserveDip: elb.PreserveDip,
          localRoutedVip: elb.LocalRoutedVip,
          affinity: elb.DistributionType === 2,
          sourceVip: elb.SourceVIP ?? '',
          backends,
        },
      ];
    }),
  );
}

/**
 * The node state from the dumps, on top of the derived one (whose identity,
 * host routes and backend cap it keeps). Parts the dumps do not contain
 * (no network, no endpoints, no policy lists) stay derived.
 */
export function withImportedHns(derived: WindowsNodeState, imp: HnsImport, s: Scenario, files: string[]): WindowsNodeState {
  const network = pickNetwork(imp, derived) ?? derived.network;
  const subnet = network.Subnets[0];
  const block = (subnet && parseCidr(subnet.AddressPrefix)) || derived.block;
  const mode = network.Type === 'Overlay' ? 'overlay' : 'l2bridge';
  const vsid = subnet?.Policies.find((p) => p.Type === 'VSID')?.VSID;
  const endpoints = imp.endpoints.length > 0 ? imp.endpoints.map((e) => withReadableExceptions(e, imp, derived)) : derived.endpoints;
  const local = endpoints.filter((e) => !e.IsRemoteEndpoint);
  const hostEndpoint = endpoints.find((e) => e.Name.endsWith('_ep')) ?? endpoints.find((e) => e.IPAddress === nthAddress(block, 2)) ?? derived.hostEndpoint;
  const pods: WindowsPod[] = derived.pods.flatMap((p) => {
    const ep = local.find((e) => e.IPAddress === p.ip && e !== hostEndpoint);
    if (!ep) return [];
    return [{ ...p, endpointId: ep.ID, mac: ep.MacAddress ? packetMac(ep.MacAddress) : p.mac, gateway: ep.GatewayAddress ?? p.gateway, outboundNat: outboundNat(ep) !== undefined }];
  });
  const base: WindowsNodeState = { ...derived, network, block, mode, endpoints, hostEndpoint, pods, ...(vsid !== undefined ? { vsid } : {}) };
  const loadBalancers = imp.policyLists.length > 0 ? loadBalancersOf(imp, endpoints, base, s) : derived.loadBalancers;
  const firstNat = pods.map((p) => endpoints.find((e) => e.ID === p.endpointId)).find((e) => e && outboundNat(e));
  return {
    ...base,
    loadBalancers,
    policyLists: imp.policyLists.length > 0 ? imp.policyLists : derived.policyLists,
    lbFailures: imp.policyLists.length > 0 ? [] : derived.lbFailures,
    sourceVip: loadBalancers.find((lb) => !lb.dsr)?.sourceVip ?? derived.sourceVip,
    natExceptions: firstNat ? outboundNat(firstNat)!.ExceptionList : derived.natExceptions,
    natSources: firstNat ? {} : derived.natSources,
    ports: compileVfpPorts({ node: derived.name, nodeIp: derived.ip, hostMac: derived.hostMac, mode, network, block, pods, endpoints, hostEndpoint, loadBalancers }),
    importedFrom: files,
  };
}

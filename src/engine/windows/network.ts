/**
 * The HNS network the CNI creates on a Windows node (its Windows CNI plug-in, cni/<name>/, says which), the
 * endpoint at `.2`, and the host's route table. Calico's variants:
 *
 * - VXLAN (Calico backend `vxlan`, BGP disabled): network `Calico`, type
 *   Overlay, subnet = the node's one block, gateway `.1`, subnet policy
 *   `VSID` = VXLANVNI; a `HostRoute` network policy; Felix adds a
 *   `RemoteSubnetRoute` per remote block with a known VTEP. `Calico_ep` is a
 *   remote endpoint with IP `.2`, the host NIC's MAC and a `PA` policy.
 *   @see DATAPATH-FACTS §4.1 [C25][C27], §8.1 [C25][C27][C28], §8.4 [C22]
 * - BGP (`windows-bgp`): type L2Bridge, same subnet and gateway `.1`, no
 *   VSID; `Calico_ep` (`.2`) is a host-attached endpoint and the pods'
 *   gateway; routes to other blocks are learned by RRAS over BGP.
 *   @see DATAPATH-FACTS §4.1 [C25], §8.1 [C30]; the seed ("BGP без инкапсуляции").
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import { nthAddress, parseCidr, type Cidr } from '../model/ipv4';
import { hypervMac } from '../model/macs';
import type { HnsEndpoint, HnsNetwork, HnsNetworkPolicy } from './hns';
import { hnsMac } from './hns';
import { hnsId } from './ids';
import type { WindowsCni } from './cni/plugin';
import type { WindowsHostRoute } from './state';

export const HOST_VNIC = 'vEthernet (Ethernet)';
export const PHYSICAL_NIC = 'Ethernet';

/**
 * The VTEP MAC as Felix writes it into a RemoteSubnetRoute: lower case with dashes, as HNS then prints it
 * (shared/real-samples/hns-network-1.txt: `DistributedRouterMacAddress=66-a5-cc-c1-86-97`).
 */
function drMacAsWritten(mac: string): string {
  return mac.toLowerCase().replace(/:/g, '-');
}

export function remoteSubnetRoutes(self: PeerNode, view: ClusterView, vni: number): Extract<HnsNetworkPolicy, { Type: 'RemoteSubnetRoute' }>[] {
  return view.peers
    .filter((p) => p.name !== self.name && p.block && p.vtepMac && p.tunnelAddr)
    .map((p) => ({ Type: 'RemoteSubnetRoute' as const, DestinationPrefix: p.block!, IsolationId: vni, ProviderAddress: p.ip, DistributedRouterMacAddress: drMacAsWritten(p.vtepMac!) }));
}

export function compileNetwork(self: PeerNode, view: ClusterView, cni: WindowsCni, block: Cidr): HnsNetwork {
  const gateway = nthAddress(block, 1);
  const base = {
    ID: hnsId(`${self.name}/network/${cni.networkName}`),
    Name: cni.networkName,
    NetworkAdapterName: PHYSICAL_NIC,
    SourceMac: hnsMac(self.nicMac),
    ManagementIP: self.ip,
    Flags: cni.flags,
    State: 1,
  };
  if (cni.mode === 'overlay') {
    const vni = cni.vsid ?? 4096;
    return {
      ...base,
      Type: 'Overlay',
      DrMacAddress: hnsMac(self.vtepMac ?? hypervMac(`${self.name}/${cni.networkName}`)),
      Subnets: [{ AddressPrefix: block.text, GatewayAddress: gateway, Policies: [{ Type: 'VSID', VSID: vni }] }],
      Policies: [{ Type: 'HostRoute' }, ...remoteSubnetRoutes(self, view, vni)],
    };
  }
  return { ...base, Type: 'L2Bridge', Subnets: [{ AddressPrefix: block.text, GatewayAddress: gateway, Policies: [] }], Policies: [] };
}

/**
 * The endpoint at `.2`: `Calico_ep` / `cbr0_ep`, or (flannel overlay) the
 * source VIP endpoint kube-proxy creates (IP = source VIP, host MAC, PA =
 * node IP, [K1]; assumption: its name). Overlay: a remote endpoint with a PA
 * policy; l2bridge: attached to the host, the pods' gateway.
 * @see DATAPATH-FACTS §8.1 [C25], §6.1 [F4], §4.4 [K1]
 */
export function compileHostEndpoint(self: PeerNode, net: HnsNetwork, cni: WindowsCni, block: Cidr, sourceVip?: string): HnsEndpoint {
  const common = {
    ID: hnsId(`${self.name}/endpoint/${cni.hostEndpointName}`),
    Name: cni.hostEndpointName,
    VirtualNetwork: net.ID,
    VirtualNetworkName: net.Name,
    IPAddress: cni.hostEndpointAtSourceVip && sourceVip ? sourceVip : nthAddress(block, 2),
    PrefixLength: block.len,
    State: 1,
  };
  if (cni.hostEndpointRemote) {
    return { ...common, MacAddress: hnsMac(self.nicMac), IsRemoteEndpoint: true, Policies: [{ Type: 'PA', PA: self.ip }] };
  }
  return { ...common, MacAddress: hnsMac(hypervMac(`${self.name}/${cni.hostEndpointName}`)), GatewayAddress: nthAddress(block, 1), Policies: [] };
}

/**
 * The host's routes. The default route and the node subnet are the usual
 * ones (assumption: static configuration toward the Fabric gateway). With
 * BGP, RRAS learns a route per remote block with the owning node as the next
 * hop (the seed; DATAPATH-FACTS §8.1). The own block is reached through the
 * vSwitch (the `HostRoute` network policy; DATAPATH-FACTS caveat 4: its exact
 * semantics are not documented — assumption).
 */
export function compileHostRoutes(self: PeerNode, view: ClusterView, cni: WindowsCni, block: Cidr): WindowsHostRoute[] {
  const routes: WindowsHostRoute[] = [];
  if (self.subnet) {
    routes.push({ dst: parseCidr('0.0.0.0/0')!, nextHop: self.subnet.gateway, ifAlias: HOST_VNIC, protocol: 'NetMgmt', source: 'assumption: static default route to the Fabric gateway', assumption: true });
    routes.push({ dst: parseCidr(self.subnet.cidr)!, nextHop: '0.0.0.0', ifAlias: HOST_VNIC, protocol: 'Local', source: 'Windows: on-link route of the vEthernet (Ethernet) address' });
  }
  routes.push({ dst: block, nextHop: '0.0.0.0', ifAlias: HOST_VNIC, protocol: 'Local', source: 'assumption: the own block is reached through the vSwitch (HostRoute policy, DATAPATH-FACTS caveat 4)', assumption: true });
  if (cni.mode === 'l2bridge') {
    const learned = cni.remoteRoutes;
    for (const p of view.peers) {
      if (p.name === self.name || !p.block) continue;
      routes.push({ dst: parseCidr(p.block)!, nextHop: p.ip, ifAlias: HOST_VNIC, ...learned });
    }
  }
  return routes;
}

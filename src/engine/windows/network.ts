/**
 * The HNS network Calico creates on a Windows node, its `Calico_ep` host
 * endpoint, and the host's route table.
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
import type { WindowsHostRoute, WindowsNetworkMode } from './state';

export const HOST_VNIC = 'vEthernet (Ethernet)';
export const PHYSICAL_NIC = 'Ethernet';

/** Calico's network name with `windows_use_single_network: true`. @see [C27][C25] */
export const CALICO_NETWORK = 'Calico';

/**
 * Which network Calico builds: the operator picks the `vxlan` backend when BGP
 * is disabled, `windows-bgp` when BGP is enabled.
 * @see DATAPATH-FACTS §8.1 [C30][O1]
 */
export function windowsNetworkMode(view: ClusterView): WindowsNetworkMode {
  return view.scenario.calico?.bgp === 'Disabled' ? 'overlay' : 'l2bridge';
}

export function remoteSubnetRoutes(self: PeerNode, view: ClusterView, vni: number): Extract<HnsNetworkPolicy, { Type: 'RemoteSubnetRoute' }>[] {
  return view.peers
    .filter((p) => p.name !== self.name && p.block && p.vtepMac && p.tunnelAddr)
    .map((p) => ({ Type: 'RemoteSubnetRoute' as const, DestinationPrefix: p.block!, IsolationId: vni, ProviderAddress: p.ip, DistributedRouterMacAddress: hnsMac(p.vtepMac!) }));
}

export function compileNetwork(self: PeerNode, view: ClusterView, mode: WindowsNetworkMode, block: Cidr): HnsNetwork {
  const gateway = nthAddress(block, 1);
  const vni = view.scenario.calico?.vxlanVNI ?? 4096;
  const base = {
    ID: hnsId(`${self.name}/network/${CALICO_NETWORK}`),
    Name: CALICO_NETWORK,
    NetworkAdapterName: PHYSICAL_NIC,
    SourceMac: hnsMac(self.nicMac),
    ManagementIP: self.ip,
    Flags: 0,
    State: 1,
  };
  if (mode === 'overlay') {
    return {
      ...base,
      Type: 'Overlay',
      DrMacAddress: hnsMac(self.vtepMac ?? hypervMac(`${self.name}/Calico`)),
      Subnets: [{ AddressPrefix: block.text, GatewayAddress: gateway, Policies: [{ Type: 'VSID', VSID: vni }] }],
      Policies: [{ Type: 'HostRoute' }, ...remoteSubnetRoutes(self, view, vni)],
    };
  }
  return { ...base, Type: 'L2Bridge', Subnets: [{ AddressPrefix: block.text, GatewayAddress: gateway, Policies: [] }], Policies: [] };
}

/** `Calico_ep` (`<network>_ep`), IP = block `.2`. @see DATAPATH-FACTS §8.1 [C25], §8.2 */
export function compileHostEndpoint(self: PeerNode, net: HnsNetwork, mode: WindowsNetworkMode, block: Cidr): HnsEndpoint {
  const common = {
    ID: hnsId(`${self.name}/endpoint/${CALICO_NETWORK}_ep`),
    Name: `${CALICO_NETWORK}_ep`,
    VirtualNetwork: net.ID,
    VirtualNetworkName: net.Name,
    IPAddress: nthAddress(block, 2),
    PrefixLength: block.len,
    State: 1,
  };
  if (mode === 'overlay') {
    return { ...common, MacAddress: hnsMac(self.nicMac), IsRemoteEndpoint: true, Policies: [{ Type: 'PA', PA: self.ip }] };
  }
  return { ...common, MacAddress: hnsMac(hypervMac(`${self.name}/Calico_ep`)), GatewayAddress: nthAddress(block, 1), Policies: [] };
}

/**
 * The host's routes. The default route and the node subnet are the usual
 * ones (assumption: static configuration toward the Fabric gateway). With
 * BGP, RRAS learns a route per remote block with the owning node as the next
 * hop (the seed; DATAPATH-FACTS §8.1). The own block is reached through the
 * vSwitch (the `HostRoute` network policy; DATAPATH-FACTS caveat 4: its exact
 * semantics are not documented — assumption).
 */
export function compileHostRoutes(self: PeerNode, view: ClusterView, mode: WindowsNetworkMode, block: Cidr): WindowsHostRoute[] {
  const routes: WindowsHostRoute[] = [];
  if (self.subnet) {
    routes.push({ dst: parseCidr('0.0.0.0/0')!, nextHop: self.subnet.gateway, ifAlias: HOST_VNIC, protocol: 'NetMgmt', source: 'assumption: static default route to the Fabric gateway', assumption: true });
    routes.push({ dst: parseCidr(self.subnet.cidr)!, nextHop: '0.0.0.0', ifAlias: HOST_VNIC, protocol: 'Local', source: 'Windows: on-link route of the vEthernet (Ethernet) address' });
  }
  routes.push({ dst: block, nextHop: '0.0.0.0', ifAlias: HOST_VNIC, protocol: 'Local', source: 'assumption: the own block is reached through the vSwitch (HostRoute policy, DATAPATH-FACTS caveat 4)', assumption: true });
  if (mode === 'l2bridge') {
    for (const p of view.peers) {
      if (p.name === self.name || !p.block) continue;
      routes.push({ dst: parseCidr(p.block)!, nextHop: p.ip, ifAlias: HOST_VNIC, protocol: 'BGP', source: 'the seed: RRAS (BGP) learns the routes to other blocks; DATAPATH-FACTS §8.1 [C30]' });
    }
  }
  return routes;
}

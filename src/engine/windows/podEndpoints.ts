/**
 * A Windows pod's HNS endpoint and compartment, as the CNI plugin creates
 * them (Calico as below; flannel's win-overlay/win-bridge differ where cni/<name>/
 * says: gateway, exception list, no ACLs).
 *
 * - Name `<sandbox container ID>_Calico`, IP from the node's block, MAC
 *   `0E-2A-<IP in hex>` (VXLAN_MAC_PREFIX default) in overlay, gateway `.1`
 *   (overlay) or `.2` (`Calico_ep`, l2bridge). @see DATAPATH-FACTS §8.1 [C25], §4.2 [P3]
 * - Policies: `OutBoundNAT` with the service CIDRs and every IP pool in the
 *   exception list — dropped entirely when the pod's pool has natOutgoing
 *   off; a `ROUTE` (`NeedEncap`) per service CIDR; overlay: `PA` = the node
 *   address; l2bridge: `ROUTE <node IP>/32 NeedEncap` ("needed for node ports").
 *   @see DATAPATH-FACTS §8.3 [C26][C29][O1], §8.1 [C25]
 * - ACLs as Felix for Windows writes them from the NetworkPolicies that
 *   select the pod (policy/windowsAcl.ts); below them the CNI's default
 *   inbound Block at 65500. @see DATAPATH-FACTS §8.4 [C23][C24]
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import { ipToInt, nthAddress, type Cidr } from '../model/ipv4';
import { hypervMac, sha1Hex } from '../model/macs';
import type { HnsAclPolicy, HnsEndpoint, HnsEndpointPolicy, HnsNamespace, HnsNetwork } from './hns';
import { hnsMac } from './hns';
import { hnsId } from './ids';
import type { WindowsCni } from './cni/plugin';
import type { WindowsPod } from './state';
import { viewEndpoints } from '../policy/endpoints';
import { felixEndpointAcls, type AclOrigin } from '../policy/windowsAcl';

/**
 * An overlay endpoint's MAC as HNS prints it: the prefix as configured (Calico VXLAN_MAC_PREFIX, win-overlay's
 * endpointMacPrefix; default `0E-2A`) and the
 * IP's bytes in lower-case hex, `0E-2A-ac-15-29-06` for 172.21.41.6 — as in the real dump
 * shared/real-samples/hns-endpoint-1.txt (`0E-2A-0a-2a-d5-dd` for 10.42.213.221). @see [C25]
 */
export function overlayEndpointMac(ip: string): string {
  return `0E-2A-${calicoPodMac(ip).split(':').slice(2).join('-')}`;
}

/** `0e:2a:ac:15:29:06` for 172.21.41.6 (the packet form). @see [C25] (VXLAN_MAC_PREFIX default `0E-2A`) */
export function calicoPodMac(ip: string): string {
  const n = ipToInt(ip);
  const bytes = [0x0e, 0x2a, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

// The CNI's default deny (unless WindowsDisableDefaultDenyAllPolicy): Felix's entries all have lower numbers, so they win. [C25]
const CNI_DEFAULT_DENY: HnsAclPolicy = { Type: 'ACL', Id: 'default-deny-in', Protocol: 256, Action: 'Block', Direction: 'In', RuleType: 'Switch', Priority: 65500 };

export interface CompiledPods {
  pods: WindowsPod[];
  endpoints: HnsEndpoint[];
  namespaces: HnsNamespace[];
  /** The policy rule behind each of Felix's ACL entries (for the trace). */
  aclOrigins: Map<HnsAclPolicy, AclOrigin>;
}

export function compilePodEndpoints(self: PeerNode, view: ClusterView, net: HnsNetwork, cni: WindowsCni, block: Cidr, hostIps: string[]): CompiledPods {
  const mode = cni.mode;
  const out: CompiledPods = { pods: [], endpoints: [], namespaces: [], aclOrigins: new Map() };
  const policyEps = cni.felixAcls ? viewEndpoints(view) : [];
  const exceptions = cni.natExceptions(self).map((e) => e.cidr);
  const gateway = nthAddress(block, cni.podGatewayOffset);
  view.podsOnNode(self.name).forEach((p, i) => {
    const key = `${p.namespace}/${p.name}`;
    const ip = view.podIP.get(key);
    if (p.hostNetwork || !ip) return;
    const nat = cni.podNat(ip);
    const mac = mode === 'overlay' ? calicoPodMac(ip) : hypervMac(`${self.name}/${key}`);
    const policies: HnsEndpointPolicy[] = [];
    if (nat) policies.push({ Type: 'OutBoundNAT', ExceptionList: exceptions });
    for (const cidr of view.scenario.serviceCIDRs) policies.push({ Type: 'ROUTE', DestinationPrefix: cidr, NeedEncap: true });
    if (mode === 'overlay') policies.push({ Type: 'PA', PA: self.ip });
    else policies.push({ Type: 'ROUTE', DestinationPrefix: `${self.ip}/32`, NeedEncap: true });
    const ep = policyEps.find((e) => e.pod === key);
    if (ep) {
      for (const a of felixEndpointAcls(ep, view.scenario.networkPolicies, policyEps, hostIps)) {
        policies.push(a.acl);
        out.aclOrigins.set(a.acl, a.origin);
      }
      policies.push({ ...CNI_DEFAULT_DENY });
    }
    const sandbox = sha1Hex(`sandbox:${key}`) + sha1Hex(`sandbox2:${key}`).slice(0, 24);
    const endpointId = hnsId(`${self.name}/endpoint/${key}`);
    const namespaceId = hnsId(`${self.name}/namespace/${key}`);
    out.endpoints.push({
      ID: endpointId,
      Name: `${sandbox}_${net.Name}`,
      VirtualNetwork: net.ID,
      VirtualNetworkName: net.Name,
      Policies: policies,
      MacAddress: mode === 'overlay' ? overlayEndpointMac(ip) : hnsMac(mac),
      IPAddress: ip,
      GatewayAddress: gateway,
      PrefixLength: block.len,
      Namespace: { ID: namespaceId },
      // HNS reserves the VXLAN header's 50 bytes on overlay endpoints (hns-endpoint-1.txt: EncapOverhead 50).
      ...(mode === 'overlay' ? { EncapOverhead: 50 } : {}),
      State: 3,
    });
    out.namespaces.push({ ID: namespaceId, IsDefault: false, CompartmentId: i + 2, ResourceList: [{ Type: 'Endpoint', Data: { ID: endpointId } }] });
    out.pods.push({ pod: key, ref: p.ref, ip, mac, gateway, endpointId, namespaceId, outboundNat: nat });
  });
  return out;
}

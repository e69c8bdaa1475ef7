/**
 * flannel as a CNI plug-in: selected by the flannel ConfigMap
 * (`kube-flannel-cfg`, net-conf.json, read in settings.ts); its Linux dataplane from
 * `EnableNFTables`; its leases (ipam/flannelLeases.ts); its node parts in
 * flannel.ts.
 */
import type { LinuxDataplane } from '../../../datapath/datapath';
import { computeFlannelLeases } from '../../../ipam/flannelLeases';
import type { Diagnostic } from '../../../model/diagnostic';
import type { Scenario } from '../../../model/scenario';
import type { CniAddressing, CniDetection, CniPlugin } from '../plugin';
import { flannelCni } from './flannel';
import { FLANNEL, flannelSettings } from '../../../model/flannel';
import { flannelSettingsLoader } from './settings';

function detect(s: Scenario): CniDetection | undefined {
  // Calico's enabled pools are tried first (registry order), so reaching here means there is none.
  return flannelSettings(s) ? { from: 'ConfigMap kube-flannel/kube-flannel-cfg (net-conf.json), no enabled Calico IPPool' } : undefined;
}

/**
 * net-conf.json `EnableNFTables` (flannel ≥ v0.25), else iptables.
 * @see flannel-io/flannel pkg/trafficmngr (iptables, nftables)
 */
function linuxDataplane(s: Scenario): { value: LinuxDataplane; from: string } {
  return flannelSettings(s)?.enableNFTables
    ? { value: 'nftables', from: 'flannel net-conf.json EnableNFTables: true' }
    : { value: 'iptables', from: 'flannel net-conf.json without EnableNFTables (flannel default: iptables)' };
}

/** flannel's leases (ipam/flannelLeases.ts): the lease is the node's block; vxlan adds the tunnel address `.0` and the VtepMAC. */
function addressing(s: Scenario, diags: Diagnostic[]): CniAddressing {
  const leases = computeFlannelLeases(s, diags);
  return {
    ipam: leases.ipam,
    peer: (n) => ({ block: leases.leaseOfNode.get(n.name)?.text, pool: undefined, tunnelAddr: leases.ipam.tunnelAddr.get(n.name), vtepMac: leases.vtepMac.get(n.name) }),
  };
}

export const flannelPlugin: CniPlugin = {
  name: FLANNEL,
  title: 'flannel',
  settings: flannelSettingsLoader,
  detect,
  linuxDataplane,
  // flannel's iptables rules are drawn as nftables tables (an assumption without EnableNFTables).
  dataplanes: ['nftables'],
  addressing,
  linux: flannelCni,
};

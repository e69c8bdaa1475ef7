/**
 * Calico as a CNI plug-in: its settings from its objects (settings/loader.ts,
 * typed in model/calico.ts); selected by an enabled IPPool (an IPPool object,
 * an Installation's ipPools, the manifest's CALICO_IPV4POOL_CIDR), and weakly
 * by any Calico object without one; its Linux dataplane from the
 * Installation; its IPAM (ipam/blocks.ts); its node parts in calico.ts.
 */
import type { LinuxDataplane } from '../../../datapath/datapath';
import { computeIpam } from '../../../ipam/blocks';
import type { Diagnostic } from '../../../model/diagnostic';
import { calicoVtepMac, hypervMac } from '../../../model/macs';
import type { Scenario } from '../../../model/scenario';
import type { CniAddressing, CniDetection, CniPlugin } from '../plugin';
import { calicoCni } from './calico';
import { CALICO, calicoSettings } from '../../../model/calico';
import { calicoSettingsLoader } from './settings/loader';

function detect(s: Scenario): CniDetection | undefined {
  const calico = calicoSettings(s);
  if (!calico) return undefined;
  if (calico.pools.some((p) => !p.disabled)) return { from: 'Calico IPPool / Installation ipPools' };
  return { from: 'Calico Installation (no enabled IPPool)', weak: true };
}

/**
 * Installation `calicoNetwork.linuxDataplane`; the operator's default is
 * Iptables, and a manifest install without an Installation runs the iptables
 * dataplane too (FelixConfiguration bpfEnabled/nftablesMode unset).
 * @see tigera/operator api/v1 installation_types.go (LinuxDataplaneIptables default)
 */
function linuxDataplane(s: Scenario): { value: LinuxDataplane; from: string } {
  const calico = calicoSettings(s);
  const d = calico?.linuxDataplane;
  const value: LinuxDataplane = d === 'Nftables' ? 'nftables' : d === 'BPF' ? 'bpf' : d === 'VPP' ? 'vpp' : 'iptables';
  const from = calico?.installation
    ? `Installation "${calico.installation.name}" spec.calicoNetwork.linuxDataplane: ${d ?? 'Iptables'}${calico.linuxDataplaneGiven ? '' : ' (operator default)'}`
    : 'no Installation: a manifest install runs Felix in iptables mode';
  return { value, from };
}

/**
 * Calico IPAM (ipam/blocks.ts): affine blocks, pod IPs, tunnel addresses. A
 * node with a block has a VTEP: the VXLANTunnelMACAddr annotation, else a
 * derived MAC (on Windows the HNS network's, assumption).
 */
function addressing(s: Scenario, diags: Diagnostic[]): CniAddressing {
  const ipam = computeIpam(s, diags);
  return {
    ipam,
    peer(n) {
      const block = ipam.blockOfNode.get(n.name);
      const vtepMac = n.vxlanTunnelMac ?? (n.os === 'windows' ? hypervMac(`${n.name}/Calico`) : calicoVtepMac(n.name));
      return { block: block?.cidr.text, pool: block?.pool.name, tunnelAddr: ipam.tunnelAddr.get(n.name), vtepMac: block ? vtepMac : undefined };
    },
  };
}

export const calicoPlugin: CniPlugin = {
  name: CALICO,
  title: 'Calico',
  settings: calicoSettingsLoader,
  detect,
  linuxDataplane,
  // eBPF and VPP are drawn with the nftables tables until they are modelled.
  dataplanes: ['nftables', 'iptables'],
  addressing,
  linux: calicoCni,
};

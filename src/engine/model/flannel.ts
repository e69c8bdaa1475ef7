/**
 * flannel's settings (its ConfigMap's net-conf.json), shared by the flannel
 * plug-in on Linux (linux/cni/flannel/, whose settings.ts loads them) and by
 * flannel's Windows networks (windows/cni/flannel/), which may not import Linux
 * code. They ride opaquely on Scenario.cniSettings under the plug-in's name.
 */
import { cniSettingsOf, type Scenario } from './scenario';

/** The flannel plug-in's name (Datapath.cni, Scenario.cniSettings). */
export const FLANNEL = 'flannel';

export interface FlannelSpec {
  network: string;
  backend: { type: 'vxlan' | 'host-gw'; vni: number; port: number; directRouting: boolean };
  /** net-conf.json `EnableNFTables` (flannel ≥ v0.25): masquerade rules in `table ip flannel-ipv4` instead of iptables. */
  enableNFTables?: boolean;
}

/** The scenario's flannel settings, when it has a readable flannel ConfigMap. */
export function flannelSettings(s: Scenario): FlannelSpec | undefined {
  return cniSettingsOf(s, FLANNEL) as FlannelSpec | undefined;
}

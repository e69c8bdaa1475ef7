/**
 * The CNIs the engine builds on Windows nodes, by the datapath's CNI name
 * (datapath/datapath.ts decides it for every node from the Linux plug-ins'
 * registry). A CNI that runs on Windows too is one folder under windows/cni/
 * exporting a WindowsCniPlugin and one line here; the first is used for a
 * CNI without a Windows implementation.
 */
import type { ClusterView, PeerNode } from '../../model/clusterView';
import { calicoWindows } from './calico/plugin';
import { flannelWindows } from './flannel/plugin';
import type { FallbackWindowsCniPlugin, WindowsCni, WindowsCniPlugin } from './plugin';

export const WINDOWS_CNI_PLUGINS: readonly [FallbackWindowsCniPlugin, ...WindowsCniPlugin[]] = [calicoWindows, flannelWindows];

/** The Windows implementation of the datapath's CNI (the first when it has none). */
export function windowsCniPlugin(cni: string): WindowsCniPlugin {
  return WINDOWS_CNI_PLUGINS.find((p) => p.name === cni) ?? WINDOWS_CNI_PLUGINS[0];
}

/** The network the node's CNI creates on it (the first plug-in's when the CNI's settings are missing). */
export function windowsCni(view: ClusterView, self: PeerNode): WindowsCni {
  const own = windowsCniPlugin(view.datapathOf(self.name).cni.modelledAs).network(view, self);
  return own ?? WINDOWS_CNI_PLUGINS[0].network(view, self);
}

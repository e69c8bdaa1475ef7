/**
 * The CNIs the engine knows, in the order their detections are tried (the
 * first is also the one assumed when nothing in the scenario selects a CNI).
 * A new CNI is one folder under cni/ exporting a CniPlugin and one line here.
 */
import { calicoPlugin } from './calico/plugin';
import { flannelPlugin } from './flannel/plugin';
import type { CniPlugin } from './plugin';

export const CNI_PLUGINS: readonly [CniPlugin, ...CniPlugin[]] = [calicoPlugin, flannelPlugin];

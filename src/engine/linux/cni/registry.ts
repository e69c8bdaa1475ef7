/**
 * The Linux CNIs the engine builds, keyed by the datapath's CNI name. A new
 * CNI is one folder under cni/ implementing LinuxCni and one line here; the
 * `satisfies` makes a CNI name without an implementation fail to compile.
 */
import type { CniName } from '../../datapath/datapath';
import { calicoCni } from './calico/calico';
import type { LinuxCni } from './cni';
import { flannelCni } from './flannel/flannel';

export const LINUX_CNIS = {
  calico: calicoCni,
  flannel: flannelCni,
} as const satisfies Record<CniName, LinuxCni>;

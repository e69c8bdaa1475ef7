/**
 * A CNI plug-in: everything the engine knows about one CNI lives in its
 * folder (linux/cni/<name>/) behind this interface, and registry.ts is the one
 * list of them. The plug-in says when the scenario's objects select it
 * (`detect`), which Linux dataplane it then programs and which of those the
 * engine builds, which addresses pods and tunnels get (`addressing`), and
 * what it puts on a Linux node (`linux`, cni.ts). Nothing
 * outside the folder names a CNI to decide a node's datapath
 * (datapath/datapath.ts asks the registry).
 */
import type { LinuxDataplane } from '../../datapath/datapath';
import type { IpamState } from '../../ipam/blocks';
import type { PeerNode } from '../../model/clusterView';
import type { Diagnostic } from '../../model/diagnostic';
import type { NodeSpec, Scenario } from '../../model/scenario';
import type { LinuxCni } from './cni';

/** Why the scenario selects a CNI: the object and field, as the `datapath` view prints it. */
export interface CniDetection {
  from: string;
  /**
   * Only traces of the CNI (CRDs without an enabled pool): any other CNI's
   * plain detection wins over it (a flannel cluster may still carry Calico CRDs).
   */
  weak?: boolean;
}

/** A CNI's address plan: every pod's IP (ipam.podIP) and what each node holds. */
export interface CniAddressing {
  ipam: IpamState;
  /** The node's pod block or lease, its pool, its tunnel address and VTEP MAC (each absent when it has none). */
  peer(node: NodeSpec): Pick<PeerNode, 'block' | 'pool' | 'tunnelAddr' | 'vtepMac'>;
}

export interface CniPlugin {
  /** The datapath's CNI name (`calico`, `flannel`), as `npm run state -- --view datapath` prints it. */
  name: string;
  /** How the seed and the CNI's docs write it (`Calico`). */
  title: string;
  /** Whether the scenario's objects select this CNI; undefined when nothing points at it. */
  detect(s: Scenario): CniDetection | undefined;
  /** The Linux dataplane it programs, and the object and field (or upstream default) that decided it. */
  linuxDataplane(s: Scenario): { value: LinuxDataplane; from: string };
  /** The Linux dataplanes the engine builds for it; any other is modelled as the first. */
  dataplanes: readonly [LinuxDataplane, ...LinuxDataplane[]];
  /** Its IPAM: which addresses pods, nodes' blocks and tunnels get. Diagnostics for every derived or conflicting address. */
  addressing(s: Scenario, diags: Diagnostic[]): CniAddressing;
  /** Its parts on a Linux node. */
  linux: LinuxCni;
}


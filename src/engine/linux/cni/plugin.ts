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
import type { RawObject } from '../../scenario/parse';
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

/**
 * How a CNI reads its own objects (its CRDs, its ConfigMap) into its settings.
 * The settings are plain data (the scenario crosses to the worker by
 * structured clone); the plug-in validates them with its own schema.
 */
export interface CniSettingsLoader<S = unknown> {
  /** Whether the input object is one of this CNI's (asked before the loader's own kinds). */
  reads(kind: string, raw: RawObject): boolean;
  /** The settings from its objects with upstream's defaults filled, each problem a diagnostic; undefined when none is usable. */
  load(objects: readonly RawObject[], diags: Diagnostic[]): S | undefined;
}

export interface CniPlugin {
  /** The datapath's CNI name (`calico`, `flannel`), as `npm run state -- --view datapath` prints it. */
  name: string;
  /** How the seed and the CNI's docs write it (`Calico`). */
  title: string;
  /** Its own input objects and settings (Scenario.cniSettings[name], read back with settingsOf). */
  settings?: CniSettingsLoader;
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

/** A plug-in's settings as its loader returned them (`Scenario.cniSettings`), or undefined. */
export function settingsOf<S>(s: Scenario, plugin: { name: string; settings?: CniSettingsLoader<S> }): S | undefined {
  const all = s.cniSettings;
  // Plug-in names are the engine's, but the record is plain data: only its own keys count.
  return all && Object.hasOwn(all, plugin.name) ? (all[plugin.name] as S) : undefined;
}

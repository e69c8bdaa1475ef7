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
import { cniSettingsOf, type NodeSpec, type Scenario } from '../../model/scenario';
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
 * When the loader hands one of a CNI's objects to it: `resource`, one of its
 * own objects (its CRDs, its ConfigMap), after the checks every object gets
 * (a valid name, not a duplicate); `lenient`, as it comes, before those checks
 * (the DaemonSet or ConfigMap of its manifest install, objects it reads field
 * by field).
 */
export type CniObjectClaim = 'resource' | 'lenient';

/** What else of the cluster a CNI's settings may default from. */
export interface CniLoadContext {
  /** kubeadm-config ClusterConfiguration `networking.podSubnet`, when given. */
  podSubnet?: string;
}

/**
 * How a CNI reads its own objects (its CRDs, its ConfigMap) into its settings.
 * The settings are plain data (the scenario crosses to the worker by
 * structured clone); the plug-in validates them with its own schema. `O` is
 * what `read` keeps of one object (the object itself when there is no `read`).
 */
export interface CniSettingsLoader<S = unknown, O = RawObject> {
  /** Whether the input object is one of this CNI's, and when it is read (asked before the loader's own kinds). */
  reads(kind: string, raw: RawObject): CniObjectClaim | undefined;
  /** Reads one claimed object as it comes, so its diagnostics name its file and keep their place; undefined drops it. */
  read?(kind: string, raw: RawObject, diags: Diagnostic[]): O | undefined;
  /** The settings from its objects (in input order) with upstream's defaults filled, each problem a diagnostic; undefined when none is usable. */
  load(objects: readonly O[], ctx: CniLoadContext, diags: Diagnostic[]): S | undefined;
  /** The Service CIDRs its settings state (Calico's Installation.spec.serviceCIDRs), a source of the cluster's (scenario/serviceCidr.ts). */
  serviceCIDRs?(settings: S): string[];
}

export interface CniPlugin {
  /** The datapath's CNI name (`calico`, `flannel`), as `npm run state -- --view datapath` prints it. */
  name: string;
  /** How the seed and the CNI's docs write it (`Calico`). */
  title: string;
  /** Its own input objects and settings (Scenario.cniSettings[name], read back with settingsOf). */
  settings?: CniSettingsLoader<unknown, unknown>;
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
export function settingsOf<S>(s: Scenario, plugin: { name: string; settings?: CniSettingsLoader<S, never> }): S | undefined {
  return cniSettingsOf(s, plugin.name) as S | undefined;
}

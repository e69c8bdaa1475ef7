/**
 * Windows readiness findings: plain data, so the worker can send them to the
 * UI as they are. Texts are i18n keys (`readiness.<id>.why` / `.fix`) with
 * params; the CLI renders them in English.
 */
import type { ObjectRef } from '../model/diagnostic';

export type FindingSeverity = 'error' | 'warning' | 'info';

/** Stable identifiers; one per check (README "Windows readiness" lists them). */
export type FindingId =
  | 'strict-affinity'
  | 'vxlan-crosssubnet'
  | 'bgp-with-vxlan'
  | 'windows-dataplane'
  | 'service-cidrs'
  | 'services-endpoint-configmap'
  | 'services-endpoint-namespace'
  | 'ipip-pool'
  | 'ipv6'
  | 'calico-vxlan-vni'
  | 'calico-vxlan-port'
  | 'l2bridge-rras'
  | 'l2bridge-route-reflectors'
  | 'l2bridge-l2-adjacency'
  | 'flannel-vni'
  | 'flannel-port'
  | 'flannel-directrouting'
  | 'linux-worker'
  | 'windows-one-block'
  | 'windows-max-pods'
  | 'windows-max-pods-unknown'
  | 'windows-reserved-address-used'
  | 'borrowed-from-windows-block'
  | 'rollback-before-join'
  | 'rollback-impossible'
  | 'ipblock-tunnel-address';

export interface I18nText {
  /** e.g. `readiness.strict-affinity.why`. */
  key: string;
  params: Record<string, string | number>;
}

export interface FindingFix extends I18nText {
  /**
   * Commands to run, filled with the scenario's names. `commandsFrom: 'seed'`
   * means the seed gives them in this form; `'derived'` means they are built
   * the same way for a change the seed describes without a command.
   */
  commands?: string[];
  commandsFrom?: 'seed' | 'derived';
  /** A manifest to apply (`kubectl apply -f`), when the fix is an object to create. */
  manifest?: string;
}

export interface Finding {
  id: FindingId;
  severity: FindingSeverity;
  /** The objects concerned (the UI links them); may be empty for a cluster-wide absence. */
  objects: ObjectRef[];
  why: I18nText;
  fix?: FindingFix;
  /** Where the requirement comes from: a seed section and/or DATAPATH-FACTS tags. */
  source: string;
}

export interface ReadinessOptions {
  /**
   * Check as if a Windows node were about to join (the seed checks the main
   * cluster before it has one). Without it, a scenario with no Windows node
   * yields no findings.
   */
  planWindows?: boolean;
  /** The load diagnostics: `ipv6-unsupported` ones become the `ipv6` finding. */
  diagnostics?: readonly { code: string; object?: ObjectRef }[];
}

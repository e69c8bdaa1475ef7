/**
 * What a verdict means to a student, beside the engine's verdict code:
 * - `limitation`: the real system refuses or fails, a documented limitation
 *   (the engine's `unsupported` is mostly this: Windows cannot, not the
 *   simulator), named with its source;
 * - `not-modelled`: the simulator does not know what happens (rare, honest);
 * - `name-error`: the name does not resolve (NXDOMAIN), which the engine
 *   reports as `no-route` because no packet leaves;
 * - `fails`: the real system drops, rejects or cannot route the packet;
 * - `delivered`.
 * The source of each limitation is a catalogue key (`limitSource.*`): the
 * Kubernetes docs page, the Calico docs or the seed's section.
 */
import type { Trace } from '../../engine/index';

export type VerdictKind = 'delivered' | 'limitation' | 'not-modelled' | 'name-error' | 'fails';

/** Reason codes that are documented limitations of the real platform, with the catalogue key of their source. */
export const LIMITATIONS: Readonly<Record<string, string>> = {
  // kubernetes.io "Networking on Windows", Limitations; the seed, «Ограничения сети Windows-узлов».
  'nodeport-from-own-node': 'k8sWindows',
  'nodeport-from-local-pod': 'k8sWindows',
  'windows-hostnetwork-unsupported': 'k8sWindows',
  'lb-backend-cap-exceeded': 'k8sWindows',
  'dns-dotted-name-windows': 'k8sWindows',
  // Kubernetes docs: node → service by ClusterIP is not among the supported Windows flows.
  'clusterip-from-windows-host': 'k8sWindowsFlows',
  // Calico for Windows requirements: VXLAN on UDP 4789 only.
  'vxlan-port-unsupported': 'calicoWindows',
  'address-in-windows-block': 'calicoWindows',
  'dsr-loopback-not-enabled': 'k8sWindows',
  // kubernetes.io "Networking on Windows", Limitations: ICMP to a ClusterIP is not supported.
  'icmp-to-service-vip': 'k8sWindows',
  // kubernetes.io "Networking on Windows", Limitations: outbound ICMP via win-overlay/win-bridge is not transposed; flannel VXLAN: node → pod only for local pods.
  'icmp-not-transposed': 'k8sWindows',
  'flannel-overlay-node-to-remote-pod': 'k8sWindows',
  'windows-ipv6-overlay': 'k8sWindows',
  // Calico for Windows requirements: IPv4 only.
  'windows-ipv6-calico': 'calicoWindows',
  // kubernetes.io "Networking on Windows" (flannel VXLAN: VNI 4096, UDP 4789) and Calico for Windows requirements (no CrossSubnet or IPIP).
  'windows-network-missing': 'k8sWindows',
};

/** Reason codes where the simulation stops because it does not know (model limits, not the platform's). */
export const NOT_MODELLED: ReadonlySet<string> = new Set(['switch-loop', 'unknown-place', 'windows-datapath-not-modelled', 'vfp-no-decision', 'windows-ipv6-l2bridge']);

const NAME_ERRORS: ReadonlySet<string> = new Set(['dns-nxdomain', 'dns-dotted-name-windows']);

export function verdictKind(trace: Pick<Trace, 'verdict' | 'reason'>): VerdictKind {
  if (trace.verdict === 'delivered') return 'delivered';
  const code = trace.reason?.code;
  if (code && NAME_ERRORS.has(code)) return 'name-error';
  if (code && NOT_MODELLED.has(code)) return 'not-modelled';
  if (code && code in LIMITATIONS) return 'limitation';
  // `unsupported` without a known limitation: say honestly that the simulator does not model it.
  return trace.verdict === 'unsupported' ? 'not-modelled' : 'fails';
}

/** The catalogue key of the source naming a limitation, if the reason is one. */
export function limitationSource(code: string | undefined): string | undefined {
  return code ? LIMITATIONS[code] : undefined;
}

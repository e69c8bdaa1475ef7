/**
 * What a Windows node's OS build changes in its datapath: one table, one row
 * per behaviour and build range, each with its source. The node's build comes
 * from `status.nodeInfo.kernelVersion` (`10.0.<build>.<revision>`, the kubelet
 * reports the OS version there), else the `node.kubernetes.io/windows-build`
 * label (`10.0.<build>`), and names the release by `osImage`.
 *
 * HNS's feature checks go by the HNS version (hcsshim hcn/hcnglobals.go:
 * DSRVersion 9.3–9.x and 10.2+, SessionAffinityVersion 12.0+); which HNS
 * version a build carries is not published, so the rows map builds to the
 * Kubernetes docs' "minimum supported Windows OS build" column [K6] and say
 * so (`assumption`). An unknown build gets the row marked `unknown`.
 *
 * Builds: 17763 Windows Server 2019 (1809), 18362 1903, 20348 Windows Server
 * 2022, 26100 Windows Server 2025.
 */

export type BuildFeature = 'dsr' | 'session-affinity' | 'pod-clusterip-snat' | 'icmp-outboundnat' | 'backend-cap' | 'nodeport-overlay-issue' | 'l2bridge-dsr-issue';

export interface BuildRow {
  feature: BuildFeature;
  /** First build (and revision) the row covers; none = from the start. */
  from?: [number, number?];
  /** First build (and revision) the row no longer covers; none = open-ended. */
  before?: [number, number?];
  /** The row for a node that reports no build. */
  unknown?: boolean;
  /** true = the behaviour is present (supported, or the issue applies); for `backend-cap` the cap. */
  value: boolean | number;
  source: string;
  assumption?: boolean;
}

import type { WinBuild } from '../model/windowsBuilds';

export { parseWindowsBuild, type WinBuild } from '../model/windowsBuilds';

const K6 = 'K6 kubernetes.io "Networking on Windows"';
const HCN = 'hcsshim hcn/hcnglobals.go';

/** The table. Rows of one feature are disjoint; `unknown` rows apply only when the build is not reported. */
export const WINDOWS_BUILD_TABLE: readonly BuildRow[] = [
  // DSR: kube-proxy asks HNS (hcn DSRSupported) rather than the build.
  { feature: 'dsr', before: [17763], value: false, source: `${K6}, Windows Service Settings: DSR needs at least Windows Server 2019; ${HCN} DSRVersion (HNS 9.3+)` },
  { feature: 'dsr', from: [17763], value: true, source: `${K6}, Windows Service Settings: DSR from Windows Server 2019; ${HCN} DSRVersion (HNS 9.3–9.x, 10.2+); assumption: every build from 17763 carries such an HNS`, assumption: true },
  { feature: 'dsr', unknown: true, value: true, source: `assumption: an unreported build is a supported one (Windows Server 2019 or later, ${K6})`, assumption: true },
  // Session affinity (SourceIP distribution).
  { feature: 'session-affinity', before: [20348], value: false, source: `${K6}, Windows Service Settings: session affinity from Windows Server 2022; ${HCN} SessionAffinityVersion (HNS 12.0); K1 syncProxyRules logs "Session Affinity is not supported on this version of Windows" and asks anyway; assumption: HNS then distributes per connection`, assumption: true },
  { feature: 'session-affinity', from: [20348], value: true, source: `${K6}, Windows Service Settings: session affinity from Windows Server 2022; ${HCN} SessionAffinityVersion (HNS 12.0)` },
  { feature: 'session-affinity', unknown: true, value: true, source: 'assumption: an unreported build supports session affinity (the seed\'s Windows Server 2025)', assumption: true },
  // Windows Server 2019 before 17763.1432: a local pod's ClusterIP traffic is SNATed to the host.
  { feature: 'pod-clusterip-snat', from: [17763], before: [17763, 1432], value: true, source: 'D1 Calico for Windows limitations: on 1809 before build 17763.1432 traffic from a local pod to a ClusterIP is SNATed, so it appears to come from the host' },
  { feature: 'pod-clusterip-snat', value: false, source: 'D1 Calico for Windows limitations (fixed in 17763.1432)' },
  // ICMP through OutBoundNAT: the docs say VFP cannot transpose it; the seed's fresh WS2025 with Calico VXLAN pings out.
  { feature: 'icmp-outboundnat', before: [26100], value: false, source: `${K6}, Limitations: VFP does not transpose ICMP, so ping through OutBoundNAT to a remote network gets no reply (assumption: on every build before Windows Server 2025)`, assumption: true },
  { feature: 'icmp-outboundnat', from: [26100], value: true, source: `the seed: ping from a Windows pod to the outside answers on a fresh Windows Server 2025 with Calico VXLAN; ${K6} Limitations still say VFP does not transpose ICMP (sources disagree)`, assumption: true },
  { feature: 'icmp-outboundnat', unknown: true, value: true, source: `assumption: an unreported build behaves as the seed's Windows Server 2025 (ping answers); ${K6} Limitations say it does not`, assumption: true },
  // Backends per load balancer: the seed and the older docs say 64, the current docs 1024; neither names a build.
  { feature: 'backend-cap', before: [20348], value: 64, source: 'K7 earlier "Networking on Windows" and the seed ("не больше 64 бэкендов на сервис"); assumption: builds before Windows Server 2022', assumption: true },
  { feature: 'backend-cap', from: [20348], value: 1024, source: `${K6}, Limitations: "more than 1024 backend pods"; assumption: from Windows Server 2022`, assumption: true },
  { feature: 'backend-cap', unknown: true, value: 64, source: 'the seed ("не больше 64 бэкендов на сервис"), K7 earlier docs: an unreported build gets the lower cap', assumption: true },
  // Known issues the docs listed for Windows Server 2022 (microsoft/Windows-Containers#204, since closed; the warning left the page).
  { feature: 'nodeport-overlay-issue', from: [20348], before: [20349], value: true, source: 'K7 earlier "Networking on Windows" warning: NodePort Services on overlay networking fail when the destination node runs Windows Server 2022 (workaround externalTrafficPolicy Local); microsoft/Windows-Containers#204 (closed; assumption: the fixing update is not named)', assumption: true },
  { feature: 'l2bridge-dsr-issue', from: [20348, 261], before: [20349], value: true, source: 'K7 earlier "Networking on Windows" warning: pod-to-pod on l2bridge fails on Windows Server 2022 with KB5005619 (20348.261) or later while WinDSR is on; microsoft/Windows-Containers#204 (closed; assumption: the fixing update is not named)', assumption: true },
];

function atOrAfter(b: WinBuild, [build, rev]: [number, number?]): boolean {
  if (b.build! !== build) return b.build! > build;
  return rev === undefined || (b.revision ?? 0) >= rev;
}

/** The row of `feature` that covers the node's build. Every feature has a row for every build, known or not. */
export function buildRow(b: WinBuild, feature: BuildFeature): BuildRow {
  const rows = WINDOWS_BUILD_TABLE.filter((r) => r.feature === feature);
  if (b.build === undefined) return rows.find((r) => r.unknown) ?? rows.find((r) => !r.from && !r.before) ?? rows[rows.length - 1]!;
  const hit = rows.find((r) => !r.unknown && (!r.from || atOrAfter(b, r.from)) && (!r.before || !atOrAfter(b, r.before)));
  return hit ?? { feature, value: false, source: `no row of the build table covers build ${b.build}` };
}

/** Whether the row says the behaviour is present. */
export function buildHas(b: WinBuild, feature: BuildFeature): boolean {
  return buildRow(b, feature).value === true;
}

/** The row as a source line on a trace step: the build it was picked by, then the row's source. */
export function buildSource(b: WinBuild, feature: BuildFeature): string {
  return `build ${b.label}: ${buildRow(b, feature).source}`;
}

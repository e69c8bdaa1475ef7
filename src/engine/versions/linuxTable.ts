/**
 * Linux behaviour that depends on a component's version: one row per
 * behaviour and version range, each with its source (ARCHITECTURE.md
 * "Datapaths are plug-ins": the node's version picks the row and the views
 * name it). Windows build-dependent rows live in the Windows table.
 *
 * Ranges are [since, until): `since` inclusive, `until` exclusive; a row
 * without `since` covers everything before `until`. A node whose version the
 * dump does not show gets the newest row, flagged as an assumption.
 */
import { compareVersions } from '../scenario/versions';
import type { NodeVersion } from './nodeVersions';

export type KubeProxyNftLayoutId = 'pre-dnat-split' | 'post-dnat-output';

export interface VersionRow<Id extends string> {
  id: Id;
  since?: string;
  until?: string;
  /** Where the behaviour and its version boundary are documented. */
  source: string;
  /** What no source confirms about this row (e.g. the exact patch release): the i18n key `versions.assumption.<id>` says it. */
  assumption?: string;
}

/**
 * kube-proxy's nftables base chains.
 * - `post-dnat-output` (1.30–1.33): filter-prerouting at `dstnat - 10`,
 *   filter-input/forward/output at -110, filter-output also jumps to
 *   firewall-check, and filter-output-post-dnat (-90) to cluster-ips-check.
 *   kubernetes/kubernetes#122614 (1.30) put firewall-check on prerouting at
 *   DNAT-10; the chain constants (`filterOutputPostDNATChain`) are in
 *   pkg/proxy/nftables/proxier.go of that era; the real ruleset
 *   shared/real-samples/nft-kube-proxy-1.txt shows exactly this.
 * - `pre-dnat-split` (1.34 on, and the 1.33 branch after the backport):
 *   filter-prerouting-pre-dnat and filter-output-pre-dnat at -110, the
 *   others at 0, filter-output-post-dnat merged into filter-output.
 *   kubernetes/kubernetes#132456 ("nftables short-circuit local traffic to
 *   external addresses", merged 2025-06 for 1.34), cherry-picked to
 *   release-1.33 as #133969 (2025-09).
 */
export const KUBE_PROXY_NFT_LAYOUTS: readonly VersionRow<KubeProxyNftLayoutId>[] = [
  {
    id: 'post-dnat-output',
    until: 'v1.33.6',
    source: 'kubernetes/kubernetes#122614; pkg/proxy/nftables/proxier.go (filterOutputPostDNATChain); real-samples/nft-kube-proxy-1.txt',
    // nftables mode before 1.30 (alpha in 1.29) had other chains; it is modelled with this layout.
    assumption: 'kube-proxy-before-1-30',
  },
  {
    id: 'pre-dnat-split',
    since: 'v1.33.6',
    source: 'kubernetes/kubernetes#132456, #133969 (release-1.33); pkg/proxy/nftables/proxier_test.go (baseRules)',
    // The first 1.33 patch release with the backport (merged 2025-09-09) is taken to be v1.33.6.
    assumption: 'kube-proxy-1-33-backport',
  },
];

export type FelixRouteStyleId = 'metric-and-mtu' | 'plain';

/**
 * How Felix's routes print in `ip route`.
 * - `plain` (before 3.33): workload routes `… dev caliX scope link` and
 *   VXLAN routes `… dev vxlan.calico onlink`, no metric, no mtu. Felix set
 *   no route priority, so IPv4 routes sat at metric 0 (projectcalico/calico
 *   #11904 says so); real outputs of those releases print neither
 *   (knabben.github.io/2021/0903, a release before v3.21).
 * - `metric-and-mtu` (3.33, the seed's Calico): workload routes
 *   `metric 1024` (Felix's normal route priority, FelixConfiguration
 *   IPv4NormalRoutePriority, Calico docs "Live migration") and VXLAN routes
 *   `mtu 1450`, as the seed's `ip route` on k8s-node-1 prints them.
 */
export const FELIX_ROUTE_STYLES: readonly VersionRow<FelixRouteStyleId>[] = [
  { id: 'plain', until: 'v3.33.0', source: 'projectcalico/calico#11904; knabben.github.io/2021/0903 (ip route)', assumption: 'calico-3-33-boundary' },
  { id: 'metric-and-mtu', since: 'v3.33.0', source: 'projectcalico/calico#11904, tigera/docs#2633 (IPv4NormalRoutePriority 1024); seed «Шаг 4. Проверка» (ip route | grep 172.20)' },
];

export interface PickedRow<Id extends string> extends VersionRow<Id> {
  /** The version the row was picked by; absent when the dump shows none. */
  version?: NodeVersion;
}

function inRange(row: VersionRow<string>, v: string): boolean {
  return (row.since === undefined || compareVersions(v, row.since) >= 0) && (row.until === undefined || compareVersions(v, row.until) < 0);
}

/** The row a version falls in; the newest row (the last) when the version is unknown. */
export function pickRow<Id extends string>(rows: readonly VersionRow<Id>[], version: NodeVersion | undefined): PickedRow<Id> {
  const row = (version && rows.find((r) => inRange(r, version.version))) ?? rows[rows.length - 1]!;
  return { ...row, ...(version ? { version } : {}) };
}

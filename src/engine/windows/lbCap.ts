/**
 * How many backends one HNS load balancer may hold, by Windows build: the
 * `backend-cap` rows of the build table (osBuild.ts). The sources differ
 * (DATAPATH-FACTS §5, §7): the seed and earlier revisions of the Kubernetes
 * "Networking on Windows" page [K7] say 64, the current page [K6] 1024, and
 * neither ties its number to a build; so the cap shows the other source's
 * number beside its own.
 */
import { buildRow, parseWindowsBuild, type WinBuild } from './osBuild';
import type { LbCap } from './state';

/** `10.0.26100.4061` → 26100. */
export function windowsBuild(kernelVersion: string | undefined, labels: Record<string, string>): number | undefined {
  return parseWindowsBuild(kernelVersion, labels).build;
}

export function lbBackendCap(build: number | WinBuild | undefined): LbCap {
  const b: WinBuild = typeof build === 'object' ? build : { ...(build !== undefined ? { build } : {}), label: build !== undefined ? String(build) : 'build not reported' };
  const row = buildRow(b, 'backend-cap');
  const cap = Number(row.value);
  // The other number: the row the other sources give.
  const other = cap === 64 ? buildRow({ build: 26100, label: '' }, 'backend-cap') : buildRow({ build: 17763, label: '' }, 'backend-cap');
  return { cap, ...(b.build !== undefined ? { build: b.build } : {}), source: `build ${b.label}: ${row.source}`, otherCap: Number(other.value), otherSource: other.source };
}

/**
 * How many backends one HNS load balancer may hold, by Windows build.
 *
 * The sources differ (DATAPATH-FACTS §5, §7): earlier revisions of the
 * Kubernetes "Networking on Windows" page [K7] and the seed say a Service may
 * not have more than 64 backends (unique destination addresses); the current
 * page [K6] says 1024. Neither ties its number to a build.
 * Assumption: the 64 limit applies to builds before Windows Server 2022
 * (20348) — the docs carried it while Windows Server 2019 was current — and
 * 1024 to Windows Server 2022 and later. An unknown build gets the seed's 64.
 */
import type { LbCap } from './state';

const WS2022_BUILD = 20348;

/** `10.0.26100.4061` → 26100. */
export function windowsBuild(kernelVersion: string | undefined, labels: Record<string, string>): number | undefined {
  const text = kernelVersion ?? labels['node.kubernetes.io/windows-build'];
  const m = text ? /^\d+\.\d+\.(\d+)/.exec(text) : null;
  return m ? Number(m[1]) : undefined;
}

export function lbBackendCap(build: number | undefined): LbCap {
  if (build !== undefined && build >= WS2022_BUILD) {
    return { cap: 1024, build, source: 'K6 kubernetes.io windows-networking (current: "more than 1024 backends"); assumption: applies from Windows Server 2022 (build 20348)' };
  }
  return { cap: 64, build, source: 'K7 earlier windows-networking page and the seed ("не больше 64 бэкендов на сервис"); assumption: builds before 20348 or unknown' };
}

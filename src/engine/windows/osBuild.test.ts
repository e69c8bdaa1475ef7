/** Issue 12 item 9: the build table picks one row per behaviour by the node's reported build. */
import { describe, expect, it } from 'vitest';
import { buildHas, buildRow, parseWindowsBuild, WINDOWS_BUILD_TABLE } from './osBuild';

const b = (k: string) => parseWindowsBuild(k, {}, 'Windows Server');

describe('the Windows build table', () => {
  it('parses kernelVersion with its revision, and the windows-build label without one', () => {
    expect(b('10.0.17763.1432')).toMatchObject({ build: 17763, revision: 1432 });
    expect(parseWindowsBuild(undefined, { 'node.kubernetes.io/windows-build': '10.0.20348' })).toMatchObject({ build: 20348 });
    expect(parseWindowsBuild(undefined, {}).build).toBeUndefined();
  });

  it('every feature has exactly one row for each build, known or unreported, and every row a source', () => {
    const features = new Set(WINDOWS_BUILD_TABLE.map((r) => r.feature));
    for (const f of features) {
      for (const build of [14393, 17763, 18362, 20348, 25398, 26100, 30000]) {
        const hits = WINDOWS_BUILD_TABLE.filter((r) => r.feature === f && !r.unknown && (!r.from || build >= r.from[0]) && (!r.before || build < r.before[0]));
        expect(hits.length, `${f} @ ${build}`).toBeLessThanOrEqual(f === 'pod-clusterip-snat' ? 2 : 1);
      }
    }
    for (const r of WINDOWS_BUILD_TABLE) expect(r.source.length).toBeGreaterThan(10);
  });

  it('rows by build: DSR from 17763, session affinity from 20348, the 1809 SNAT until 17763.1432, ICMP transposed from 26100', () => {
    expect(buildHas(b('10.0.17134.1'), 'dsr')).toBe(false);
    expect(buildHas(b('10.0.17763.1'), 'dsr')).toBe(true);
    expect(buildHas(b('10.0.17763.1'), 'session-affinity')).toBe(false);
    expect(buildHas(b('10.0.20348.1'), 'session-affinity')).toBe(true);
    expect(buildHas(b('10.0.17763.1431'), 'pod-clusterip-snat')).toBe(true);
    expect(buildHas(b('10.0.17763.1432'), 'pod-clusterip-snat')).toBe(false);
    expect(buildHas(b('10.0.20348.2'), 'icmp-outboundnat')).toBe(false);
    expect(buildHas(b('10.0.26100.4061'), 'icmp-outboundnat')).toBe(true);
    expect(buildHas(b('10.0.20348.260'), 'l2bridge-dsr-issue')).toBe(false);
    expect(buildHas(b('10.0.20348.261'), 'l2bridge-dsr-issue')).toBe(true);
    expect(buildRow(b('10.0.26100.1'), 'backend-cap').value).toBe(1024);
    expect(buildRow(parseWindowsBuild(undefined, {}), 'backend-cap').value).toBe(64);
  });
});

/**
 * The all-pairs sweep (issue 23): for every preset, every source place ×
 * every destination place (places, Services, NodePorts, every address in the
 * nodes' state) × TCP/UDP/ICMP, traced and checked against the invariants in
 * testing/invariants.ts. Prints the per-preset counts; fails on any violation.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { checkFlow, describeRequest, type Violation } from '../testing/invariants';
import { sweepFlows } from '../testing/sweep';
import { preset } from '../testing/traceHelpers';

interface Tally {
  flows: number;
  verdicts: Record<string, number>;
  violations: { flow: string; v: Violation }[];
}

function sweep(name: string): Tally {
  const c = preset(name);
  const t: Tally = { flows: 0, verdicts: {}, violations: [] };
  for (const req of sweepFlows(c)) {
    const r = checkFlow(c, req);
    t.flows++;
    const verdict = r.trace ? r.trace.verdict : r.violations.length ? 'throws' : 'bad-request';
    t.verdicts[verdict] = (t.verdicts[verdict] ?? 0) + 1;
    for (const v of r.violations) t.violations.push({ flow: describeRequest(req), v });
  }
  return t;
}

describe('all-pairs sweep over the presets', () => {
  for (const p of PRESETS) {
    it(`${p.name}: every flow keeps the invariants`, () => {
      const t = sweep(p.name);
      const flowsByCode: Record<string, Set<string>> = {};
      for (const { flow, v } of t.violations) (flowsByCode[v.code] ??= new Set()).add(flow);
      const bad = new Set(t.violations.map((x) => x.flow)).size;
      const perCode = Object.entries(flowsByCode).map(([code, flows]) => `${code} ${flows.size}`).join(', ');
      console.log(`sweep ${p.name}: ${t.flows} flows (${JSON.stringify(t.verdicts)}); ${bad} flows violate${perCode ? `: ${perCode}` : ''}`);
      const shown = t.violations.slice(0, 20).map(({ flow, v }) => `${flow}: [${v.code}] ${v.message}`);
      expect(shown).toEqual([]);
    });
  }
});

/**
 * The all-pairs sweep (issue 23): for every preset, every source place ×
 * every destination place (places, Services, NodePorts, every address in the
 * nodes' state) × TCP/UDP/ICMP, traced and checked against the invariants in
 * testing/invariants.ts. Prints the per-preset counts; fails on any violation.
 *
 * Every rule id a step names must be the id of a line of its node's state
 * views (testing/ruleIdLines.ts), so the page finds "used lines" by id.
 *
 * The same traces are the golden of issue 14: each preset's traces, grouped
 * by source, are hashed as JSON into `golden/<preset>.txt`, so a refactor
 * that changes any step, packet or reason of any flow fails here. An
 * intended change is accepted with `npx vitest run src/engine/trace/sweep.test.ts -u` (the path first: `-u` takes an optional value)
 * and named in its commit. `PACKETWALK_GOLDEN_DUMP=DIR` also writes every
 * trace in full (one file per preset) to compare two branches with diff.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { checkFlow, describeRequest, type Violation } from '../testing/invariants';
import { sweepFlows } from '../testing/sweep';
import { preset } from '../testing/traceHelpers';
import { ruleIdsWithoutLine } from '../testing/ruleIdLines';

interface Tally {
  flows: number;
  verdicts: Record<string, number>;
  violations: { flow: string; v: Violation }[];
  /** Per source: the flows and their traces as JSON lines, in sweep order. */
  golden: Map<string, string[]>;
  /** Rule ids a step names that no line of its node's state views carries (testing/ruleIdLines.ts), distinct. */
  idsWithoutLine: Set<string>;
}

function sweep(name: string): Tally {
  const c = preset(name);
  const t: Tally = { flows: 0, verdicts: {}, violations: [], golden: new Map(), idsWithoutLine: new Set() };
  for (const req of sweepFlows(c)) {
    const r = checkFlow(c, req);
    t.flows++;
    const verdict = r.trace ? r.trace.verdict : r.violations.length ? 'throws' : 'bad-request';
    t.verdicts[verdict] = (t.verdicts[verdict] ?? 0) + 1;
    for (const v of r.violations) t.violations.push({ flow: describeRequest(req), v });
    if (r.trace) for (const m of ruleIdsWithoutLine(c, r.trace)) t.idsWithoutLine.add(m);
    const lines = t.golden.get(req.src) ?? [];
    lines.push(`${describeRequest(req)}\t${r.trace ? JSON.stringify(r.trace) : verdict}`);
    t.golden.set(req.src, lines);
  }
  return t;
}

const dumpDir = process.env.PACKETWALK_GOLDEN_DUMP;

/** One line per source: its flow count and a hash of its traces. */
function golden(name: string, t: Tally): string {
  const lines = ['# source\tflows\tsha256 of the traces as JSON (see sweep.test.ts)'];
  for (const [src, flows] of t.golden) {
    lines.push(`${src}\t${flows.length}\t${createHash('sha256').update(flows.join('\n')).digest('hex').slice(0, 16)}`);
  }
  if (dumpDir) {
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(join(dumpDir, `${name}.jsonl`), [...t.golden.values()].flat().join('\n') + '\n');
  }
  return lines.join('\n') + '\n';
}

describe('all-pairs sweep over the presets', () => {
  for (const p of PRESETS) {
    it(`${p.name}: every flow keeps the invariants, and its traces match the golden`, async () => {
      const t = sweep(p.name);
      const flowsByCode: Record<string, Set<string>> = {};
      for (const { flow, v } of t.violations) (flowsByCode[v.code] ??= new Set()).add(flow);
      const bad = new Set(t.violations.map((x) => x.flow)).size;
      const perCode = Object.entries(flowsByCode).map(([code, flows]) => `${code} ${flows.size}`).join(', ');
      console.log(`sweep ${p.name}: ${t.flows} flows (${JSON.stringify(t.verdicts)}); ${bad} flows violate${perCode ? `: ${perCode}` : ''}`);
      const shown = t.violations.slice(0, 20).map(({ flow, v }) => `${flow}: [${v.code}] ${v.message}`);
      expect(shown).toEqual([]);
      // Issue 14: a step's rule id names a line of its node's state views ("used lines" are found by id).
      expect([...t.idsWithoutLine].slice(0, 20)).toEqual([]);
      await expect(golden(p.name, t)).toMatchFileSnapshot(`golden/${p.name}.txt`);
      // A preset's sweep is a thousand traces: on a loaded 2-core machine it outlasts the 60 s default (speed is bench's job).
    }, 300_000);
  }
});

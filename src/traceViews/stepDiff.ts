/**
 * Before/after an edit: the two traces' steps aligned (longest common
 * subsequence on where each step acts and what it does), so the steps only
 * one trace takes, and the header fields that differ in the packet a common
 * step leaves with, can be marked. Pure; used by the what-if panel.
 */
import type { Packet, Step, Trace } from '../engine/index';
import { alignHeaders, fieldText } from './alignHeaders';

export interface StepDiffRow {
  kind: 'changed' | 'onlyBefore' | 'onlyAfter';
  /** 1-based step numbers in each trace. */
  beforeIndex?: number;
  afterIndex?: number;
  step: Step;
  /** `+vxlan` (header only after), `-vxlan` (only before), `ipv4.dst` (value differs). */
  fields: string[];
}

const keyOf = (s: Step): string => [s.node ?? '', s.at.component, s.at.layer ?? '', s.at.table ?? '', s.at.chain ?? '', s.action].join('|');

const FIELDS = ['src', 'dst', 'ttl', 'sport', 'dport', 'vni', 'type', 'code'] as const;

/** Header differences of two packets, headers matched from the innermost out. */
export function packetFieldDiff(before: Packet, after: Packet): string[] {
  const out: string[] = [];
  for (const { a: x, b: y } of alignHeaders(before, after)) {
    if (x && y && x.kind === y.kind) {
      for (const f of FIELDS) if (fieldText(x, f) !== fieldText(y, f)) out.push(`${x.kind}.${f}`);
    } else {
      if (y) out.push(`+${y.kind}`);
      if (x) out.push(`-${x.kind}`);
    }
  }
  return out;
}

/** The steps that differ between `before` and `after` (request direction, then reply). */
export function diffTraces(before: Trace | undefined, after: Trace | undefined): StepDiffRow[] {
  if (!before || !after) return [];
  const a = before.steps;
  const b = after.steps;
  const ka = a.map(keyOf);
  const kb = b.map(keyOf);
  // LCS table from the end.
  const L: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) L[i]![j] = ka[i] === kb[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
  const rows: StepDiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && ka[i] === kb[j]) {
      const fields = packetFieldDiff(a[i]!.after, b[j]!.after);
      if (fields.length) rows.push({ kind: 'changed', beforeIndex: i + 1, afterIndex: j + 1, step: b[j]!, fields });
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || L[i]![j + 1]! >= L[i + 1]![j]!)) {
      rows.push({ kind: 'onlyAfter', afterIndex: j + 1, step: b[j]!, fields: [] });
      j++;
    } else {
      rows.push({ kind: 'onlyBefore', beforeIndex: i + 1, step: a[i]!, fields: [] });
      i++;
    }
  }
  return rows;
}

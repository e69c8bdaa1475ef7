/**
 * The kernel check's time per scenario, kept in a file after every scenario
 * it builds (issue 18): `npm run bench` puts the kernel's time per flow next
 * to the model's, and reads the last recorded run when the kernel check
 * cannot run where the bench does (no root, no netns).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ScenarioTiming {
  scenario: string;
  flows: number;
  /** Building the namespaces, links, routes and rules (wall ms). */
  buildMs: number;
  /** Build, listeners and captures, the flows, teardown (wall ms). */
  totalMs: number;
  /** When it was measured (ISO time). */
  at: string;
}

/** Where the timings live: the OS temporary folder (outside the tree, and `npm ci` does not wipe it). */
export const TIMING_FILE = join(tmpdir(), 'packetwalk-kernelcheck-timing.json');

export function readTimings(file = TIMING_FILE): ScenarioTiming[] {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(v) ? (v as ScenarioTiming[]) : [];
  } catch {
    return [];
  }
}

/** Records one scenario's timing, replacing that scenario's earlier record. */
export function recordTiming(t: Omit<ScenarioTiming, 'at'>, file = TIMING_FILE): void {
  try {
    const rest = readTimings(file).filter((x) => x.scenario !== t.scenario);
    writeFileSync(file, JSON.stringify([...rest, { ...t, at: new Date().toISOString() }], null, 2));
  } catch {
    // A read-only tree only loses the record.
  }
}

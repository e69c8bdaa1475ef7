/**
 * An exception thrown inside the engine (a bug the fuzzer of issue 20 finds)
 * reaches the user as one error line with exit 2 — the code for "bad input" —
 * never as a stack trace with exit 1, which a CI script would read as "a
 * flow check failed".
 */
import { describe, expect, it, vi } from 'vitest';
import type * as Engine from '../engine/index';
import { runCli } from './main';

vi.mock('../engine/index', async (importOriginal) => ({
  ...(await importOriginal<typeof Engine>()),
  traceFlow: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'len')");
  },
}));

describe('engine exceptions', () => {
  it.each([
    ['trace', '--scenario', 'k8s-lab', '--src', 'pod:demo/web', '--dst', 'svc:demo/hello'],
    ['check', 'examples/migration-flows.yaml'],
  ])('%s: exit 2 with one error line', (...argv) => {
    let err = '';
    const code = runCli(argv, { out: () => {}, err: (s) => void (err += s) });
    expect(code).toBe(2);
    expect(err).toMatch(/^error packetwalk \w+: internal error while processing the inputs: Cannot read properties of undefined \(reading 'len'\)/);
    expect(err).not.toMatch(/\n\s+at /);
  });
});

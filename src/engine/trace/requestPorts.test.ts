/**
 * Port numbers and sizes in a flow request are range-checked (issue 20):
 * refused as bad input with a message naming the field, never traced.
 */
import { describe, expect, it } from 'vitest';
import { preset } from '../testing/traceHelpers';
import { traceFlow } from './traceFlow';

describe('flow request numbers', () => {
  const c = preset('k8s-lab');
  it.each([-1, 0, 1.5, 65536, NaN])('source port %s is refused', (sport) => {
    const r = traceFlow(c, { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', sport });
    expect(r.trace).toBeUndefined();
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'error', field: 'sport', message: expect.stringContaining('out of range 1–65535') })]);
  });

  it.each([[{ dport: 70000 }, 'dport'], [{ dport: 1.5 }, 'dport'], [{ size: 65536 }, 'size'], [{ size: 27 }, 'size']] as const)('%j is refused', (extra, field) => {
    const r = traceFlow(c, { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', ...extra });
    expect(r.diagnostics).toEqual([expect.objectContaining({ field })]);
  });

  it('a valid source port traces', () => {
    expect(traceFlow(c, { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', sport: 40000 }).trace?.flow.sport).toBe(40000);
  });
});

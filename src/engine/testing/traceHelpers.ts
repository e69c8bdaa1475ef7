/**
 * Test-only helpers: load a preset (or YAML) and trace, and the minimal view
 * of a trace that tests assert on (ovn-trace style: what goes out where, not
 * every chain). Never imported by app code.
 */
import { compileScenario, type CompiledCluster } from '../trace/cluster';
import { loadPreset } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { traceFlow } from '../trace/traceFlow';
import type { FlowRequest } from '../trace/request';
import { formatPacket } from '../../traceViews/tcpdump';
import type { Trace } from '../model/trace';

const cache = new Map<string, CompiledCluster>();

/** Compiles a preset once per test file run. Throws if the preset has errors (a test bug). */
export function preset(name: string): CompiledCluster {
  let c = cache.get(name);
  if (!c) {
    const r = loadPreset(name);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    if (!r.scenario || errors.length) throw new Error(`preset ${name}: ${errors.map((d) => d.message).join('; ')}`);
    c = compileScenario(r.scenario);
    cache.set(name, c);
  }
  return c;
}

/** Compiles YAML text; throws on load errors. */
export function fromYaml(text: string): CompiledCluster {
  const r = loadScenarioText(text, 'test');
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (!r.scenario || errors.length) throw new Error(errors.map((d) => `${d.field ?? ''} ${d.message}`).join('; '));
  return compileScenario(r.scenario);
}

/** Traces and throws if the request itself is bad. */
export function trace(c: CompiledCluster, req: FlowRequest): Trace {
  const r = traceFlow(c, req);
  if (!r.trace) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r.trace;
}

/** The wire packets as tcpdump lines, one string per link crossing. */
export function wireLines(t: Trace): string[] {
  return t.wire.map((w) => `${w.from}>${w.to}: ${formatPacket(w.packet).join(' | ')}`);
}

/** The summary steps as `node action` strings. */
export function hops(t: Trace): string[] {
  return t.steps.filter((s) => s.level === 'hop').map((s) => `${s.node ?? ''} ${s.action}`);
}

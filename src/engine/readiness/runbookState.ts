/**
 * The scenario after the seed's migration (VXLAN Always on every pool, BGP
 * Disabled, strictAffinity on) and a Linux node's `ip route` before and
 * after: what steps 2–4 change, from the compiled model, not from prose.
 */
import type { Scenario } from '../model/scenario';
import { compileScenario, nodeStateViews, type CompiledCluster } from '../trace/cluster';
import { calicoSettings, withCalicoSettings } from '../model/calico';

/** The scenario as the seed's steps 1–3 leave it. */
export function afterMigration(s: Scenario): Scenario {
  const c = calicoSettings(s);
  if (!c) return s;
  return withCalicoSettings(s, { ...c, strictAffinity: true, bgp: 'Disabled', pools: c.pools.map((p) => (p.disabled ? p : { ...p, vxlanMode: 'Always', ipipMode: 'Never' })) });
}

/** `ip route` of `node`, one line each; empty when it cannot be compiled. */
export function routeLines(s: Scenario, node: string, compiled?: CompiledCluster): string[] {
  try {
    const view = nodeStateViews(compiled ?? compileScenario(s), node).find((v) => v.id === 'routes');
    return view ? view.text.split('\n').filter((l) => l !== '') : [];
  } catch {
    return [];
  }
}

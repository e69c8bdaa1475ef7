/**
 * A CNI's own input objects (its CRDs, its ConfigMap): the loader
 * (scenario/load.ts) gives each object a plug-in's `settings.reads` claims to
 * that plug-in, and once every file is read puts what each plug-in's
 * `settings.load` returned on `Scenario.cniSettings`, under the plug-in's
 * name. The plug-in reads them back with `settingsOf` (plugin.ts).
 */
import type { Diagnostic } from '../../model/diagnostic';
import type { RawObject } from '../../scenario/parse';
import type { CniPlugin } from './plugin';
import { CNI_PLUGINS } from './registry';

/** The plug-in that reads this object, if any (the first in registry order). */
export function cniReaderOf(kind: unknown, raw: RawObject, plugins: readonly CniPlugin[] = CNI_PLUGINS): CniPlugin | undefined {
  if (typeof kind !== 'string') return undefined;
  for (const p of plugins) if (p.settings?.reads(kind, raw)) return p;
  return undefined;
}

/** Each plug-in's settings from the objects it claimed (by plug-in name); undefined when no plug-in has any. */
export function loadCniSettings(objects: ReadonlyMap<string, RawObject[]>, diags: Diagnostic[], plugins: readonly CniPlugin[] = CNI_PLUGINS): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const p of plugins) {
    const own = objects.get(p.name);
    const settings = own && p.settings?.load(own, diags);
    if (settings !== undefined) out[p.name] = settings;
  }
  return Object.keys(out).length ? out : undefined;
}

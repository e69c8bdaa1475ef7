/**
 * A CNI's own input objects (its CRDs, its ConfigMap): the loader
 * (scenario/load.ts) gives each object a plug-in's `settings.reads` claims to
 * that plug-in (`settings.read` reads it then, when the plug-in has one), and
 * once every file is read puts what each plug-in's `settings.load` returned on
 * `Scenario.cniSettings`, under the plug-in's name. The plug-in reads them
 * back with `settingsOf` (plugin.ts).
 */
import type { Diagnostic } from '../../model/diagnostic';
import type { RawObject } from '../../scenario/parse';
import type { CniLoadContext, CniObjectClaim, CniPlugin } from './plugin';
import { CNI_PLUGINS } from './registry';

/** The plug-in that reads this object, if any (the first in registry order), and when. */
export function cniReaderOf(kind: unknown, raw: RawObject, plugins: readonly CniPlugin[] = CNI_PLUGINS): { plugin: CniPlugin; claim: CniObjectClaim } | undefined {
  if (typeof kind !== 'string') return undefined;
  for (const plugin of plugins) {
    const claim = plugin.settings?.reads(kind, raw);
    if (claim) return { plugin, claim };
  }
  return undefined;
}

/** Keeps what `plugin` reads of `raw` in `into`, under its name. */
export function keepCniObject(plugin: CniPlugin, kind: string, raw: RawObject, into: Map<string, unknown[]>, diags: Diagnostic[]): void {
  const read = plugin.settings?.read ? plugin.settings.read(kind, raw, diags) : raw;
  if (read === undefined) return;
  const own = into.get(plugin.name);
  if (own) own.push(read);
  else into.set(plugin.name, [read]);
}

/** Each plug-in's settings from the objects it kept (by plug-in name); undefined when no plug-in has any. */
export function loadCniSettings(objects: ReadonlyMap<string, unknown[]>, ctx: CniLoadContext, diags: Diagnostic[], plugins: readonly CniPlugin[] = CNI_PLUGINS): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const p of plugins) {
    const own = objects.get(p.name);
    const settings = own && p.settings?.load(own, ctx, diags);
    if (settings !== undefined) out[p.name] = settings;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The Service CIDRs the first plug-in whose settings state any gives (Calico's Installation.spec.serviceCIDRs). */
export function cniServiceCidrs(settings: Readonly<Record<string, unknown>> | undefined, plugins: readonly CniPlugin[] = CNI_PLUGINS): string[] | undefined {
  for (const p of plugins) {
    const own = settings && Object.hasOwn(settings, p.name) ? settings[p.name] : undefined;
    const cidrs = own !== undefined ? p.settings?.serviceCIDRs?.(own) : undefined;
    if (cidrs?.length) return cidrs;
  }
  return undefined;
}

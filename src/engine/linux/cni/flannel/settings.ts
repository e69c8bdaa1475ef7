/**
 * flannel's settings: the ConfigMap `kube-flannel-cfg` and its
 * `net-conf.json`, validated with flannel's own field names and defaults,
 * kept on Scenario.cniSettings.flannel (linux/cni/settings.ts).
 */
import { z } from 'zod';
import type { Diagnostic } from '../../../model/diagnostic';
import type { FlannelSpec } from '../../../model/flannel';
import { cidr, metadata, port } from '../../../scenario/fields';
import type { RawObject } from '../../../scenario/parse';
import { refOf, validateObject } from '../../../scenario/validate';
import type { CniLoadContext, CniSettingsLoader } from '../plugin';

/** The ConfigMap kube-flannel's manifests create (namespace kube-flannel, or kube-system in older ones). */
export const FLANNEL_CONFIGMAP = 'kube-flannel-cfg';

const configMapSchema = z.object({
  metadata,
  data: z.record(z.string(), z.string()).optional().default({}),
});

const netConfSchema = z.object({
  Network: cidr,
  EnableNFTables: z.boolean().optional(),
  Backend: z
    .object({
      Type: z.enum(['vxlan', 'host-gw']).optional().default('vxlan'),
      VNI: z.number().int().min(1).max(16777215).optional(),
      Port: port.optional(),
      DirectRouting: z.boolean().optional(),
    })
    .optional()
    .default({ Type: 'vxlan' }),
});

/** The ConfigMap's net-conf.json as JSON, or undefined with a diagnostic. */
function netConfJson(raw: RawObject, diags: Diagnostic[]): unknown {
  const v = validateObject(configMapSchema, raw, diags);
  if (!v) return undefined;
  const text = v.data['net-conf.json'];
  if (text === undefined) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: 'data["net-conf.json"]', line: raw.lineOf(['data']), message: 'the flannel ConfigMap has no net-conf.json' });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: 'data["net-conf.json"]', line: raw.lineOf(['data', 'net-conf.json']), message: `net-conf.json is not JSON: ${(e as Error).message}` });
    return undefined;
  }
}

/** The first readable net-conf.json; flannel's Linux defaults are VNI 1 and port 8472 [F5]. */
function load(objects: readonly RawObject[], _ctx: CniLoadContext, diags: Diagnostic[]): FlannelSpec | undefined {
  const read = objects.map((raw) => ({ raw, value: netConfJson(raw, diags) })).find((r) => r.value !== undefined);
  if (!read) return undefined;
  const v = validateObject(netConfSchema, read.raw, diags, { value: read.value, pathPrefix: ['data', 'net-conf.json'] });
  if (!v) return undefined;
  const b = v.Backend;
  return { network: v.Network, backend: { type: b.Type, vni: b.VNI ?? 1, port: b.Port ?? 8472, directRouting: b.DirectRouting ?? false }, enableNFTables: v.EnableNFTables ?? false };
}

export const flannelSettingsLoader: CniSettingsLoader<FlannelSpec> = {
  reads: (kind, raw) => (kind === 'ConfigMap' && refOf(raw).name === FLANNEL_CONFIGMAP ? 'resource' : undefined),
  load,
};


/**
 * One pass from a parsed object straight to its normalized spec, for the
 * kinds a large cluster has tens of thousands of. The checked path
 * (fastKinds.ts or zod, then normalize.ts) builds the schema's parse, a copy
 * of the object, and normalizes that copy: on a 1,000-node dump the copies
 * and the garbage collection they cause cost more than JSON.parse itself.
 *
 * A function here answers only for an object the checked path accepts
 * without a word: well-formed, IPv4, nothing normalize.ts would report. For
 * anything else it returns undefined and the caller takes the checked path,
 * so the diagnostics are its own; directSpecs.test.ts checks on generated,
 * real and mutated objects that every answer equals the checked path's.
 */
import { isIPv4 } from '../model/ipv4';
import type { EndpointSliceSpec, EndpointSpec } from '../model/scenario';
import { arrayOf, isRec, metadataOf, optString, slicePort } from './fastKinds';
import { SERVICE_NAME_LABEL } from './normalize';

type Rec = Record<string, unknown>;

/** An endpoint condition as the schema reads it (`z.boolean().nullish()`). */
const isCondition = (x: unknown): x is boolean | null | undefined => x === undefined || x === null || typeof x === 'boolean';

/** Absent conditions, read as the schema's default `{}` without allocating one per endpoint. */
const NO_CONDITIONS: Rec = Object.freeze({});

/** normalizeEndpointSlice's endpoint, or undefined when the checked path would refuse or report it. */
function endpointSpec(e: unknown, namespace: string): EndpointSpec | undefined {
  if (!isRec(e) || !optString(e.nodeName)) return undefined;
  const { addresses } = e;
  if (!Array.isArray(addresses) || addresses.length === 0) return undefined;
  for (let i = 0; i < addresses.length; i++) if (!isIPv4(addresses[i] as string)) return undefined;
  const c = e.conditions === undefined ? NO_CONDITIONS : e.conditions;
  if (!isRec(c) || !isCondition(c.ready) || !isCondition(c.serving) || !isCondition(c.terminating)) return undefined;
  let pod: string | undefined;
  const t = e.targetRef;
  if (t !== undefined) {
    if (!isRec(t) || typeof t.name !== 'string' || !optString(t.kind) || !optString(t.namespace)) return undefined;
    if ((t.kind ?? 'Pod') === 'Pod') pod = `${(t.namespace as string | undefined) ?? namespace}/${t.name}`;
  }
  const ready = c.ready ?? true;
  return { addresses: addresses as string[], ready, serving: c.serving ?? ready, terminating: c.terminating ?? false, nodeName: e.nodeName as string | undefined, pod };
}

/** normalizeEndpointSlice(endpointSliceSchema's parse of `v`), or undefined when that would not be silent. */
export function directEndpointSlice(v: Rec): EndpointSliceSpec | undefined {
  const metadata = metadataOf(v.metadata);
  if (!metadata || (v.addressType !== undefined && v.addressType !== 'IPv4')) return undefined;
  const serviceName = metadata.labels[SERVICE_NAME_LABEL];
  const ports = v.ports === undefined || v.ports === null ? [] : arrayOf(v.ports, slicePort);
  const list = v.endpoints === undefined || v.endpoints === null ? [] : v.endpoints;
  if (!serviceName || !ports || !Array.isArray(list)) return undefined;
  const namespace = metadata.namespace ?? 'default';
  const endpoints: EndpointSpec[] = [];
  for (let i = 0; i < list.length; i++) {
    const ep = endpointSpec(list[i], namespace);
    if (!ep) return undefined;
    endpoints.push(ep);
  }
  return { ref: { kind: 'EndpointSlice', namespace, name: metadata.name }, namespace, name: metadata.name, serviceName, ports: ports as EndpointSliceSpec['ports'], endpoints };
}

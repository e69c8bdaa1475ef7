/**
 * Runs a zod schema over one raw object and turns every issue into a
 * Diagnostic that names the object, the field path and the line.
 */
import type { z } from 'zod';
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import { IPV6_ISSUE } from './fields';
import type { RawObject } from './parse';

/** `['spec', 'ports', 0, 'port']` → `spec.ports[0].port`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), '');
}

/** The object's reference as well as the input allows (`<unnamed>` when metadata.name is missing). */
export function refOf(raw: RawObject): ObjectRef {
  const v = raw.value;
  const md = (typeof v.metadata === 'object' && v.metadata !== null ? v.metadata : {}) as Record<string, unknown>;
  const kind = typeof v.kind === 'string' ? v.kind : '<no kind>';
  const name = typeof md.name === 'string' ? md.name : '<unnamed>';
  const ns = typeof md.namespace === 'string' ? md.namespace : undefined;
  return ns ? { kind, namespace: ns, name } : { kind, name };
}

/**
 * Validates `value` (or `raw.value` when omitted) against `schema`. On
 * success returns the parsed data; on failure pushes one `invalid-field` (or
 * `ipv6-unsupported`) error per issue and returns undefined.
 */
/** zod's message, except a missing required field, which says so plainly. */
function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `is required but missing (expected ${issue.expected})`;
  return issue.message;
}

export function validateObject<S extends z.ZodType>(
  schema: S,
  raw: RawObject,
  diagnostics: Diagnostic[],
  opts: { value?: unknown; pathPrefix?: (string | number)[]; object?: ObjectRef } = {},
): z.infer<S> | undefined {
  const result = schema.safeParse(opts.value ?? raw.value);
  if (result.success) return result.data;
  const object = opts.object ?? refOf(raw);
  for (const issue of result.error.issues) {
    const path = [...(opts.pathPrefix ?? []), ...issue.path.filter((p): p is string | number => typeof p !== 'symbol')];
    const params = (issue as { params?: { code?: string } }).params;
    const ipv6 = params?.code === IPV6_ISSUE;
    diagnostics.push({
      severity: 'error',
      code: ipv6 ? 'ipv6-unsupported' : 'invalid-field',
      object,
      field: formatPath(path),
      line: raw.lineOf(path),
      message: readable(issue),
    });
  }
  return undefined;
}

/**
 * The kind's fast check (fastKinds.ts) first, which returns the schema's
 * parse for well-formed input; zod, with its diagnostics, when that is unsure.
 */
export function validated<S extends z.ZodType>(schema: S, fast: (v: Record<string, unknown>) => unknown, raw: RawObject, diagnostics: Diagnostic[]): z.infer<S> | undefined {
  return (fast(raw.value) as z.infer<S> | undefined) ?? validateObject(schema, raw, diagnostics);
}

/**
 * Diagnostics: every problem or derivation the engine reports about its
 * input. The engine never throws on user input; it returns these instead.
 */

/** Reference to a scenario object: `kind` as in the input, e.g. `Pod`, `IPPool`, `Fabric`. */
export interface ObjectRef {
  kind: string;
  namespace?: string;
  name: string;
}

export type Severity = 'error' | 'warning' | 'info';

/**
 * Stable codes (one table; the UI translates `diag.<code>`):
 * - `yaml-syntax`: the text is not YAML/JSON; `line` says where.
 * - `unknown-kind`: a kind the engine does not read; skipped.
 * - `invalid-field`: a field fails validation (`field` names it, `message` says why).
 * - `duplicate-object`: the same kind/namespace/name twice; the later one is skipped.
 * - `missing-reference`: an object points at one that does not exist (e.g. a pod's nodeName).
 * - `ipv6-unsupported`: an IPv6 value where this model is IPv4-only.
 * - `derived`: a value the input left out was derived (`message` says from what).
 * - `conflict`: two objects disagree (e.g. a pod IP outside every pool).
 * - `too-large`: the input exceeds a size limit.
 * - `not-modelled`: a field real components act on but this model does not (e.g. a Calico policy tier other than default); the part is skipped.
 * - `windows-policy`: a policy rule Felix for Windows skips or expands into many HNS ACL entries (policy/windowsAclReport.ts).
 * - `engine-error`: the engine threw on this input (a bug); the worker and the CLIs report it instead of crashing.
 */
export type DiagnosticCode =
  | 'yaml-syntax'
  | 'unknown-kind'
  | 'invalid-field'
  | 'duplicate-object'
  | 'missing-reference'
  | 'ipv6-unsupported'
  | 'derived'
  | 'conflict'
  | 'too-large'
  | 'not-modelled'
  | 'windows-policy'
  | 'engine-error';

/** One finding about the input. `line` is 1-based in the source text when known. */
export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  object?: ObjectRef;
  /** Dotted path inside the object, e.g. `spec.ports[0].nodePort`. */
  field?: string;
  line?: number;
  /** English sentence for logs and the CLI; the UI may use `code` + `params` instead. */
  message: string;
  params?: Record<string, string | number>;
  /** The input file the diagnostic is about, when several files were loaded (loadScenarioFiles). */
  file?: string;
}

/** Formats a diagnostic as one line: `error Pod demo/net spec.nodeName (line 12): message`. */
export function formatDiagnostic(d: Diagnostic): string {
  const obj = d.object ? ` ${d.object.kind} ${d.object.namespace ? `${d.object.namespace}/` : ''}${d.object.name}` : '';
  const field = d.field ? ` ${d.field}` : '';
  const line = d.line ? ` (line ${d.line})` : '';
  const file = d.file ? `${d.file}: ` : '';
  return `${file}${d.severity}${obj}${field}${line}: ${d.message}`;
}

/**
 * The flow assertions file of `packetwalk check`: which scenario (optional;
 * `--scenario` wins) and a list of flows, each a FlowRequest with what it
 * must do. Validated with zod; problems come back as diagnostics with the
 * file and line.
 *
 * ```yaml
 * scenario: k8s-main-after            # a preset or files relative to this file (string or list)
 * flows:
 *   - name: pod → pod across nodes     # optional
 *     src: pod:demo/net
 *     dst: 172.20.172.6
 *     proto: icmp                      # also dport, sport, size, df, fromNode, packet, backend
 *     expect: {verdict: delivered, via: [vxlan.calico], seenSrcIp: 172.20.211.53}
 * ```
 */
import { dirname, isAbsolute, join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { PRESETS, type Diagnostic, type FlowRequest, type Verdict } from '../engine/index';

const VERDICTS = ['delivered', 'dropped', 'rejected', 'no-route', 'unsupported'] as const satisfies readonly Verdict[];
const port = z.int().min(0).max(65535);
const nameList = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

const expectSchema = z.strictObject({
  verdict: z.enum(VERDICTS),
  /** The reason code of a verdict other than delivered. */
  reason: z.string().min(1).optional(),
  /** The reply's verdict; by default a delivered flow's reply must be delivered too. */
  reply: z.enum([...VERDICTS, 'none']).optional(),
  /** Names the forward path must pass: a node, a component (vxlan, conntrack, vfp, …), a layer or interface, a table or chain. */
  via: nameList.optional(),
  seenSrcIp: z.string().min(1).optional(),
  /** The receiving backend: NS/NAME of its pod, its IP, or IP:PORT. */
  backend: z.string().min(1).optional(),
});

const flowSchema = z.strictObject({
  name: z.string().min(1).optional(),
  src: z.string().min(1),
  dst: z.string().min(1),
  proto: z.enum(['tcp', 'udp', 'icmp']).optional(),
  dport: port.optional(),
  sport: port.optional(),
  size: z.int().min(20).max(65535).optional(),
  df: z.boolean().optional(),
  fromNode: z.string().min(1).optional(),
  packet: z.enum(['first', 'next']).optional(),
  backend: z.string().min(1).optional(),
  expect: expectSchema,
});

const fileSchema = z.strictObject({
  scenario: nameList.optional(),
  flows: z.array(flowSchema).min(1),
});

export type FlowExpectation = z.infer<typeof expectSchema>;

export interface FlowCheck {
  name: string;
  request: FlowRequest;
  expect: FlowExpectation;
  line?: number;
}

export interface FlowsFile {
  /** `--scenario` values from the file: presets as named, files resolved against the file's folder. */
  scenario: string[];
  flows: FlowCheck[];
}

/** A short name for a flow without one: `ICMP pod:demo/net → 172.20.172.6`, `TCP … → …:8080`. */
function defaultName(f: z.infer<typeof flowSchema>): string {
  return `${(f.proto ?? 'tcp').toUpperCase()} ${f.src} → ${f.dst}${f.dport !== undefined ? `:${f.dport}` : ''}`;
}

export function parseFlowsFile(text: string, path: string): { file?: FlowsFile; diagnostics: Diagnostic[] } {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false });
  const lineOf = (offset: number | undefined): number | undefined => (offset === undefined ? undefined : lc.linePos(offset).line);
  if (doc.errors.length) {
    return { diagnostics: doc.errors.map((e) => ({ severity: 'error', code: 'yaml-syntax', file: path, line: lineOf(e.pos[0]), message: e.message.split('\n')[0]! }) satisfies Diagnostic) };
  }
  const parsed = fileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    return {
      diagnostics: parsed.error.issues.map((i) => {
        const node = doc.getIn(i.path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
        const parent = doc.getIn(i.path.slice(0, -1) as (string | number)[], true) as { range?: [number, number, number] } | undefined;
        return { severity: 'error', code: 'invalid-field', file: path, field: i.path.join('.'), line: lineOf((node ?? parent)?.range?.[0]), message: i.message } satisfies Diagnostic;
      }),
    };
  }
  const dir = dirname(path);
  const scenario = [parsed.data.scenario ?? []].flat().flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean).map((s) => (PRESETS.some((p) => p.name === s) || isAbsolute(s) ? s : join(dir, s)));
  const flows = parsed.data.flows.map((f, i): FlowCheck => {
    const { name, expect, ...request } = f;
    const node = doc.getIn(['flows', i], true) as { range?: [number, number, number] } | undefined;
    return { name: name ?? defaultName(f), request, expect, ...(lineOf(node?.range?.[0]) ? { line: lineOf(node?.range?.[0])! } : {}) };
  });
  return { file: { scenario, flows }, diagnostics: [] };
}

/**
 * `packetwalk trace --scenario … --src … --dst … [options]`: one flow, as
 * text (default), JSON (the Trace contract), Markdown or a Mermaid
 * sequence diagram. Exit 0 for any
 * trace, whatever its verdict; 2 for bad input.
 */
import { traceFlow, type FlowRequest } from '../engine/index';
import { formatTraceMarkdown, formatTraceMermaid, formatTraceText } from '../traceViews/index';
import { choiceOption, CliError, EXIT, INPUT_OPTIONS, INPUT_USAGE, intOption, langOption, noPositionals, parseCli } from './args';
import { translator } from './i18n';
import type { Io } from './io';
import { openSession } from './session';

export const TRACE_USAGE = `usage: packetwalk trace --scenario <preset|file>[,…] --src SRC --dst DST [options]
  --src IP|pod:NS/NAME|node:NAME|host:NAME
  --dst IP|pod:NS/NAME|svc:NS/NAME|node:NAME|host:NAME|dns:NAME
  --proto tcp|udp|icmp  --dport N  --sport N  --size BYTES  --df | --no-df
  --from-node NAME      the source is outside the scenario (e.g. an IP); its packet enters at that node's NIC
  --packet first|next   next: a later packet of the connection (conntrack, the VFP flow cache)
  --backend IP[:PORT]   pin the backend kube-proxy would pick at random
  --format text|json|markdown|mermaid  --detail (every chain jump in text, Markdown and Mermaid)
${INPUT_USAGE}
Exit codes: 0 any trace, whatever its verdict; 2 bad input.`;

export const FLOW_OPTIONS = {
  src: { type: 'string' },
  dst: { type: 'string' },
  dport: { type: 'string' },
  sport: { type: 'string' },
  proto: { type: 'string' },
  size: { type: 'string' },
  df: { type: 'boolean' },
  'no-df': { type: 'boolean' },
  'from-node': { type: 'string' },
  packet: { type: 'string' },
  backend: { type: 'string' },
} as const;

/** The flow the options describe (validated; --src and --dst required). */
export function flowFromOptions(v: Partial<Record<keyof typeof FLOW_OPTIONS, string | boolean>>): FlowRequest {
  const str = (x: string | boolean | undefined): string | undefined => (typeof x === 'string' ? x : undefined);
  const src = str(v.src);
  const dst = str(v.dst);
  if (!src || !dst) throw new CliError('--src and --dst are required', TRACE_USAGE);
  if (v.df && v['no-df']) throw new CliError('--df and --no-df exclude each other');
  const proto = choiceOption(v.proto, 'proto', ['tcp', 'udp', 'icmp'] as const);
  const packet = choiceOption(v.packet, 'packet', ['first', 'next'] as const);
  const dport = intOption(v.dport, 'dport', 65535);
  const sport = intOption(v.sport, 'sport', 65535);
  const size = intOption(v.size, 'size', 65535);
  return {
    src,
    dst,
    ...(proto ? { proto } : {}),
    ...(dport !== undefined ? { dport } : {}),
    ...(sport !== undefined ? { sport } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(v.df ? { df: true } : v['no-df'] ? { df: false } : {}),
    ...(str(v['from-node']) ? { fromNode: str(v['from-node'])! } : {}),
    ...(packet ? { packet } : {}),
    ...(str(v.backend) ? { backend: str(v.backend)! } : {}),
  };
}

export function runTrace(argv: string[], io: Io): number {
  const options = { ...INPUT_OPTIONS, ...FLOW_OPTIONS, format: { type: 'string', default: 'text' }, detail: { type: 'boolean' } } as const;
  const { values, positionals } = parseCli(argv, options, TRACE_USAGE);
  if (values.help) {
    io.out(`${TRACE_USAGE}\n`);
    return EXIT.ok;
  }
  noPositionals(positionals, TRACE_USAGE);
  const lang = langOption(values.lang);
  const format = choiceOption(values.format, 'format', ['text', 'json', 'markdown', 'mermaid'] as const)!;
  const req = flowFromOptions(values);
  const { cluster } = openSession(values, io);
  const { trace, diagnostics } = traceFlow(cluster, req);
  if (!trace) throw new CliError(diagnostics.map((d) => `${d.field ? `--${d.field}: ` : ''}${d.message}`).join('; ') || 'the flow could not be traced');
  const opts = { t: translator(lang), detail: Boolean(values.detail) };
  const formats = { json: () => JSON.stringify(trace, null, 2), markdown: () => formatTraceMarkdown(trace, opts), mermaid: () => formatTraceMermaid(trace, opts), text: () => formatTraceText(trace, opts) };
  io.out(`${formats[format]()}\n`);
  return EXIT.ok;
}


/**
 * `npm run trace -- --scenario <preset|file> --src … --dst … [options]`
 * Prints the trace as text (default), JSON (the Trace contract) or Markdown.
 * Exit 0 for any trace, whatever its verdict; 2 for bad input, with one line
 * on stderr saying why. See ARCHITECTURE.md "The command line".
 */
import { compileScenario, formatDiagnostic, formatTraceMarkdown, formatTraceText, traceFlow, type FlowRequest } from '../engine/index';
import { fail, parseCli } from './args';
import { explainText } from './explain';
import { compareAttachedHns, loadScenarioArgs } from './scenarioSource';

const USAGE = 'usage (--from-node NAME: the source is outside the scenario, e.g. an IP, and its packet enters at that node\'s NIC): npm run trace -- --scenario <preset|file[,file…]> [--windows-node NAME] --src <IP|pod:NS/NAME|node:NAME|host:NAME> --dst <IP|pod:NS/NAME|svc:NS/NAME|node:NAME|host:NAME|dns:NAME> [--dport N] [--sport N] [--proto tcp|udp|icmp] [--size BYTES] [--df|--no-df] [--from-node NAME] [--packet first|next] [--backend IP[:PORT]] [--format text|json|markdown] [--detail]';

function intOption(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) fail(`--${name} takes a whole number, got "${v}"`);
  return Number(v);
}

function main(): void {
  const values: Record<string, string | boolean | string[] | undefined> = parseCli({
        scenario: { type: 'string', multiple: true },
        'windows-node': { type: 'string' },
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
        format: { type: 'string', default: 'text' },
        detail: { type: 'boolean' },
  }, USAGE);
  const { src, dst } = values as Record<string, string | undefined>;
  const scenario = values.scenario as unknown as string[] | undefined;
  if (!scenario?.length || !src || !dst) fail(`--scenario, --src and --dst are required\n${USAGE}`);
  const proto = values.proto as string | undefined;
  if (proto && !['tcp', 'udp', 'icmp'].includes(proto)) fail(`--proto must be tcp, udp or icmp, got "${proto}"`);
  const format = values.format as string;
  if (!['text', 'json', 'markdown'].includes(format)) fail(`--format must be text, json or markdown, got "${format}"`);
  const packet = values.packet as string | undefined;
  if (packet && packet !== 'first' && packet !== 'next') fail(`--packet must be first or next, got "${packet}"`);

  const loaded = loadScenarioArgs(scenario, { windowsNode: values['windows-node'] as string | undefined });
  if ('error' in loaded) fail(loaded.error);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  for (const d of loaded.diagnostics.filter((x) => x.severity === 'warning')) process.stderr.write(`${formatDiagnostic(d)}\n`);
  // Bad input is exit 2: tracing what is left of a scenario with errors would answer a different question.
  if (!loaded.scenario || errors.length) fail(errors.map(formatDiagnostic).join('\n') || 'the scenario could not be loaded');
  for (const d of loaded.diagnostics.filter((x) => x.code === 'unknown-kind')) process.stderr.write(`${formatDiagnostic(d)}\n`);

  const req: FlowRequest = {
    src,
    dst,
    ...(proto ? { proto: proto as FlowRequest['proto'] } : {}),
    dport: intOption(values.dport as string | undefined, 'dport'),
    sport: intOption(values.sport as string | undefined, 'sport'),
    size: intOption(values.size as string | undefined, 'size'),
    ...(values.df ? { df: true } : values['no-df'] ? { df: false } : {}),
    ...(values['from-node'] ? { fromNode: values['from-node'] as string } : {}),
    ...(packet ? { packet: packet as 'first' | 'next' } : {}),
    ...(values.backend ? { backend: values.backend as string } : {}),
  };
  // A Windows node with HNS dumps is traced as the dumps describe it; the mismatches are against what the cluster objects imply.
  const cluster = compileScenario(loaded.scenario, { hns: loaded.hns });
  for (const h of compareAttachedHns(loaded, loaded.hns.length ? compileScenario(loaded.scenario) : cluster)) {
    for (const m of h.mismatches) process.stderr.write(`hns ${h.node} ${m.severity} ${m.object}${m.field ? ` ${m.field}` : ''}: ${m.message}\n`);
  }
  const { trace, diagnostics } = traceFlow(cluster, req);
  if (!trace) fail(diagnostics.map((d) => `${d.field ? `--${d.field}: ` : ''}${d.message}`).join('; '));
  const opts = { explain: explainText, detail: Boolean(values.detail) };
  const out = format === 'json' ? JSON.stringify(trace, null, 2) : format === 'markdown' ? formatTraceMarkdown(trace, opts) : formatTraceText(trace, opts);
  process.stdout.write(`${out}\n`);
}

main();

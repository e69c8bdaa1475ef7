/**
 * `packetwalk check FLOWS.yaml [--scenario …] [--format text|junit|tap]`:
 * traces every flow of the file on the scenario (the file's, or
 * `--scenario`) and says which do not behave as expected. Exit 0 when all
 * do, 1 when one does not, 2 for bad input (a flow that cannot be traced,
 * e.g. a pod the scenario lacks, is bad input too).
 */
import { traceFlow, type Diagnostic } from '../engine/index';
import { choiceOption, CliError, EXIT, INPUT_OPTIONS, INPUT_USAGE, langOption, parseCli } from './args';
import { unmetExpectations } from './checkFlows';
import { reportJunit, reportTap, reportText, type FlowResult } from './checkReport';
import { reportDiagnostics } from './diagnostics';
import { parseFlowsFile } from './flowsFile';
import { translator } from './i18n';
import { readInputText } from './inputs';
import type { Io } from './io';
import { openSession } from './session';

export const CHECK_USAGE = `usage: packetwalk check FLOWS.yaml [--scenario <preset|file>[,…]] [--format text|junit|tap]
  FLOWS.yaml: {scenario?, flows: [{name?, src, dst, proto?, dport?, …, expect: {verdict, reason?, reply?, via?, seenSrcIp?, backend?}}]}
  --scenario replaces the file's scenario.
${INPUT_USAGE}
Exit codes: 0 every flow behaves as expected; 1 one does not; 2 bad input.`;

export function runCheck(argv: string[], io: Io): number {
  const { values, positionals } = parseCli(argv, { ...INPUT_OPTIONS, format: { type: 'string', default: 'text' } }, CHECK_USAGE);
  if (values.help) {
    io.out(`${CHECK_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new CliError(positionals.length ? `one flows file, got ${positionals.length}` : 'a flows file is required', CHECK_USAGE);
  const t = translator(langOption(values.lang));
  const format = choiceOption(values.format, 'format', ['text', 'junit', 'tap'] as const)!;
  const path = positionals[0]!;
  let text: string;
  try {
    text = readInputText(path);
  } catch {
    throw new CliError(`cannot read the flows file ${path}`);
  }
  const { file, diagnostics } = parseFlowsFile(text, path);
  if (!file) {
    reportDiagnostics(diagnostics, io, false);
    throw new CliError(`${path} is not a valid flows file`);
  }
  const scenario = values.scenario?.length ? values.scenario : file.scenario;
  if (!scenario.length) throw new CliError(`no scenario: give --scenario or a "scenario:" in ${path}`, CHECK_USAGE);
  const { cluster, scenario: s } = openSession({ ...values, scenario }, io);

  const untraced: Diagnostic[] = [];
  const results: FlowResult[] = [];
  for (const flow of file.flows) {
    const at = `${path}${flow.line ? `:${flow.line}` : ''}`;
    const { trace, diagnostics: why } = traceFlow(cluster, flow.request);
    if (!trace) {
      untraced.push({ severity: 'error', code: 'missing-reference', file: path, ...(flow.line ? { line: flow.line } : {}), field: `flows "${flow.name}"`, message: why.map((d) => `${d.field ? `${d.field}: ` : ''}${d.message}`).join('; ') || 'the flow could not be traced' });
      continue;
    }
    results.push({ name: flow.name, at, verdict: t(`format.verdict.${trace.verdict}`), failures: unmetExpectations(trace, flow.expect, t) });
  }
  if (reportDiagnostics(untraced, io, false)) throw new CliError(`${untraced.length} flow${untraced.length === 1 ? '' : 's'} of ${path} cannot be traced on ${s.name}`);
  io.out(`${format === 'junit' ? reportJunit(results, s.name) : format === 'tap' ? reportTap(results) : reportText(results, t)}\n`);
  return results.some((r) => r.failures.length) ? EXIT.failed : EXIT.ok;
}

/**
 * `packetwalk readiness --scenario … [--plan-windows] [--format json|text]`:
 * the Windows readiness findings — JSON (default: each finding as the engine
 * returns it plus `text`, its why/fix in --lang) or text. With HNS dumps
 * among the inputs, also their comparison with the derived Windows node
 * (`hns`). Exit 1 when a finding is blocking (severity error), 0 otherwise,
 * 2 for bad input.
 */
import { buildRunbook, checkReadiness, compileScenario, runbookMarkdown, type Finding } from '../engine/index';
import { choiceOption, EXIT, INPUT_OPTIONS, INPUT_USAGE, langOption, noPositionals, parseCli } from './args';
import { translator, type Translate } from './i18n';
import type { Io } from './io';
import { openSession } from './session';

export const READINESS_USAGE = `usage: packetwalk readiness --scenario <preset|file>[,…] [--plan-windows] [--runbook] [--format json|text|markdown]
  --plan-windows   check as if a Windows node were about to join
  --runbook        print the article's migration runbook for this cluster (steps 0–4, rollback, test cluster):
                   Markdown with --format text or markdown, its data with json
${INPUT_USAGE}
Exit codes: 0 no blocking finding; 1 a blocking finding (severity error); 2 bad input.`;

type Described = Finding & { text: { why: string; fix?: string } };

function describe(f: Finding, t: Translate): Described {
  return { ...f, text: { why: t(f.why.key, f.why.params), ...(f.fix ? { fix: t(f.fix.key, f.fix.params) } : {}) } };
}

function asText(findings: Described[], t: Translate): string {
  return findings
    .map((f) => {
      const lines = [`${f.severity} ${f.id}: ${f.text.why}`];
      if (f.text.fix) lines.push(`  ${t('format.fix')}: ${f.text.fix}`);
      for (const c of f.fix?.commands ?? []) lines.push(`  $ ${c}`);
      return lines.join('\n');
    })
    .join('\n');
}

export function runReadiness(argv: string[], io: Io): number {
  const options = { ...INPUT_OPTIONS, 'plan-windows': { type: 'boolean' }, runbook: { type: 'boolean' }, format: { type: 'string', default: 'json' } } as const;
  const { values, positionals } = parseCli(argv, options, READINESS_USAGE);
  if (values.help) {
    io.out(`${READINESS_USAGE}\n`);
    return EXIT.ok;
  }
  noPositionals(positionals, READINESS_USAGE);
  const t = translator(langOption(values.lang));
  const format = choiceOption(values.format, 'format', ['json', 'text', 'markdown'] as const);
  const { loaded, scenario, cluster, hns } = openSession(values, io);
  const planWindows = Boolean(values['plan-windows']);
  // Readiness judges the cluster objects, so the Windows node is derived, not built from dumps.
  const derived = loaded.hns.length ? compileScenario(scenario) : cluster;
  if (values.runbook) {
    const rb = buildRunbook(scenario, derived);
    io.out(format === 'json' ? `${JSON.stringify({ scenario: scenario.name, runbook: rb }, null, 2)}\n` : `${runbookMarkdown(rb, scenario.name, t)}\n`);
    return rb.steps.some((st) => st.status === 'blocked' && st.id !== 'rollback') ? EXIT.failed : EXIT.ok;
  }
  const findings = checkReadiness(scenario, derived, { planWindows, diagnostics: loaded.diagnostics }).map((f) => describe(f, t));
  if (format !== 'json') io.out(`${asText(findings, t)}\n`);
  else io.out(`${JSON.stringify({ scenario: scenario.name, planWindows, findings, ...(hns.length ? { hns } : {}) }, null, 2)}\n`);
  return findings.some((f) => f.severity === 'error') ? EXIT.failed : EXIT.ok;
}

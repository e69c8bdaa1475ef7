/**
 * `npm run readiness -- --scenario <preset|file[,file…]> [--plan-windows] [--windows-node NAME]`
 * Prints the Windows readiness findings as JSON: each finding as the engine
 * returns it plus `text` (the English why/fix). With HNS dumps among the
 * files, also their comparison with the compiled Windows node (`hns`).
 * Exit 0 whatever the findings; 2 for bad input.
 */
import { checkReadiness, compileScenario, formatDiagnostic, type Finding } from '../engine/index';
import { fail, parseCli } from './args';
import { explainText } from './explain';
import { compareAttachedHns, loadScenarioArgs } from './scenarioSource';

const USAGE = 'usage: npm run readiness -- --scenario <preset|file[,file…]> [--scenario file…] [--plan-windows] [--windows-node NAME]';

/** The finding with its English sentences next to the keys. */
function withText(f: Finding): Finding & { text: { why: string; fix?: string } } {
  return { ...f, text: { why: explainText(f.why.key, f.why.params), ...(f.fix ? { fix: explainText(f.fix.key, f.fix.params) } : {}) } };
}

function main(): void {
  const values = parseCli({ scenario: { type: 'string', multiple: true }, 'plan-windows': { type: 'boolean' }, 'windows-node': { type: 'string' } }, USAGE);
  if (!values.scenario?.length) fail(`--scenario is required\n${USAGE}`);
  const loaded = loadScenarioArgs(values.scenario, { windowsNode: values['windows-node'] });
  if ('error' in loaded) fail(loaded.error);
  for (const d of loaded.diagnostics.filter((x) => x.severity !== 'info')) process.stderr.write(`${formatDiagnostic(d)}\n`);
  if (!loaded.scenario) fail('the scenario could not be loaded');
  const compiled = compileScenario(loaded.scenario);
  const findings = checkReadiness(loaded.scenario, compiled, { planWindows: Boolean(values['plan-windows']), diagnostics: loaded.diagnostics });
  const hns = compareAttachedHns(loaded, compiled);
  const out = { scenario: loaded.scenario.name, planWindows: Boolean(values['plan-windows']), findings: findings.map(withText), ...(hns.length ? { hns } : {}) };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main();

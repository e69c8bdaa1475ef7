/**
 * `packetwalk check` results as text (one line per flow and a summary), JUnit
 * XML (one testsuite, a testcase per flow, a failure per unmet flow) or TAP
 * version 13 (a YAML block with the failures).
 */
import type { Translate } from './i18n';

export interface FlowResult {
  name: string;
  /** Where the flow is written, `file:line`. */
  at: string;
  verdict: string;
  failures: string[];
}

export function reportText(results: FlowResult[], t: Translate): string {
  const lines = results.map((r) => {
    const head = `${(r.failures.length ? t('check.fail') : t('check.pass')).padEnd(4)} ${r.name} — ${r.verdict}`;
    return r.failures.length ? `${head}\n${r.failures.map((f) => `       ${f}`).join('\n')}` : head;
  });
  const failed = results.filter((r) => r.failures.length).length;
  return [...lines, '', t('check.summary', { passed: results.length - failed, total: results.length, failed })].join('\n');
}

function xml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function reportJunit(results: FlowResult[], suite: string): string {
  const failed = results.filter((r) => r.failures.length).length;
  const cases = results.map((r) => {
    const open = `    <testcase classname="${xml(suite)}" name="${xml(r.name)}" file="${xml(r.at)}">`;
    if (!r.failures.length) return `${open}</testcase>`;
    return `${open}\n      <failure message="${xml(r.failures[0]!)}" type="expectation">${xml(r.failures.join('\n'))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="packetwalk check" tests="${results.length}" failures="${failed}">`,
    `  <testsuite name="${xml(suite)}" tests="${results.length}" failures="${failed}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}

/** TAP 13: the YAML block quotes each failure as a JSON string (valid YAML). */
export function reportTap(results: FlowResult[]): string {
  const out = ['TAP version 13', `1..${results.length}`];
  results.forEach((r, i) => {
    const desc = r.name.replace(/#/g, '\\#');
    if (!r.failures.length) {
      out.push(`ok ${i + 1} - ${desc}`);
      return;
    }
    out.push(`not ok ${i + 1} - ${desc}`, '  ---', `  at: ${JSON.stringify(r.at)}`, `  verdict: ${JSON.stringify(r.verdict)}`, '  failures:', ...r.failures.map((f) => `    - ${JSON.stringify(f)}`), '  ...');
  });
  return out.join('\n');
}

/**
 * The runbook as Markdown, in the reader's language (`t` renders the
 * `runbook.*` keys). Everything from the scenario is escaped: prose through
 * `mdText`, commands and outputs inside fences longer than any backtick run
 * they hold, so a hostile name cannot close a block or inject markup.
 */
import type { Runbook, RunbookStep } from './runbook';
import type { I18nText } from './types';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * Text that stays text in Markdown: the characters that start inline markup
 * (emphasis, code, links, images, HTML, tables, entities) backslash-escaped
 * (CommonMark: any ASCII punctuation may be), a leading block marker
 * (`-`, `+`, `1.`) too, and line breaks folded into spaces.
 */
export function mdText(s: string): string {
  return s
    .replace(/\r?\n/g, ' ')
    .replace(/[\\`*_[\]<>#|~!&]/g, (c) => `\\${c}`)
    .replace(/^([-+=]|\d+[.)])/, '\\$1');
}

/** A fenced block that its content cannot close. */
export function mdFence(body: string, info = ''): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${body}\n${fence}`;
}

function step(s: RunbookStep, t: Translate): string[] {
  const tx = (x: I18nText) => mdText(t(x.key, x.params));
  const out = [`## ${mdText(t(`runbook.step.${s.id}`))} — ${mdText(t(`runbook.status.${s.status}`))}`, ''];
  if (s.preconditions.length) {
    out.push(`**${mdText(t('runbook.label.preconditions'))}**`, '');
    for (const p of s.preconditions) out.push(`- ${mdText(t(`runbook.met.${String(p.met)}`))}: ${tx(p.text)}`);
    out.push('');
  }
  if (s.commands.length) out.push(`**${mdText(t('runbook.label.commands'))}**`, '', mdFence(s.commands.join('\n'), 'sh'), '');
  if (s.changes && (s.changes.before.join() !== s.changes.after.join())) {
    out.push(`**${mdText(t('runbook.label.changes', { node: s.changes.node }))}**`, '');
    out.push(mdText(t('runbook.label.before')), '', mdFence(s.changes.before.join('\n')), '', mdText(t('runbook.label.after')), '', mdFence(s.changes.after.join('\n')), '');
  }
  if (s.verify.length) {
    out.push(`**${mdText(t('runbook.label.verify'))}**`, '');
    for (const v of s.verify) out.push(mdFence(`$ ${v.command}${v.expect ? `\n${v.expect}` : ''}`), '');
  }
  if (s.manual.length) {
    out.push(`**${mdText(t('runbook.label.manual'))}**`, '');
    for (const m of s.manual) out.push(`- ${tx(m)}`);
    out.push('');
  }
  if (s.extraChecks?.length) {
    out.push(`**${mdText(t('runbook.label.extra'))}**`, '');
    for (const f of s.extraChecks) out.push(`- ${mdText(t(f.why.key, f.why.params))}`);
    out.push('');
  }
  out.push(`${mdText(t('runbook.label.source'))}: ${tx(s.source)}`, '');
  return out;
}

/** The whole runbook as Markdown text. */
export function runbookMarkdown(rb: Runbook, scenarioName: string, t: Translate): string {
  const head = [`# ${mdText(t('runbook.title', { scenario: scenarioName }))}`, '', mdText(t(rb.windowsJoined ? 'runbook.windowsJoined' : 'runbook.intro')), ''];
  return [...head, ...rb.steps.flatMap((s) => step(s, t))].join('\n');
}

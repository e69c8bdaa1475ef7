/**
 * A Trace as text a person reads like a packet walk (one line per step: where,
 * what, the deciding rule, the headers after it), and as Markdown (a table).
 * Every word printed comes from the caller's translate function `t(key,
 * params)` (i18n lives outside the engine: `format.*` for the frame,
 * `explain.*` and `reason.*` for the sentences); the default prints the key
 * and its parameters. Identifiers (node names, actions, reason codes, rule
 * text, headers) are printed as they are. JSON output is the Trace itself.
 */
import { visibleSteps } from './stepFilter';
import { formatPacket } from './tcpdump';
import type { Step, Trace } from '../engine/model/trace';

export type TranslateFn = (key: string, params: Record<string, string | number>) => string;

export interface FormatOptions {
  /** Translates `format.*`, `explain.*` and `reason.*` keys (i18next-style `{{param}}` filling). */
  t?: TranslateFn;
  /** Include `detail` steps (every chain jump); default: summary only. */
  detail?: boolean;
}

const fallbackT: TranslateFn = (key, params) => `${key} ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}`.trim();

function where(s: Step): string {
  const parts = [s.node ?? '', s.at.component, s.at.table ? `${s.at.table}${s.at.chain ? ` ${s.at.chain}` : ''}` : s.at.layer ?? ''];
  return parts.filter(Boolean).join(' · ');
}

function headline(t: Trace, tr: TranslateFn): string {
  const f = t.flow;
  const port = f.dport !== undefined ? `:${f.dport}` : '';
  return tr(`format.headline.${f.packet}`, { proto: f.proto.toUpperCase(), src: f.src.spec, srcIp: f.src.ip, dst: f.dst.spec, dstIp: `${f.dst.ip}${port}` });
}

function verdictLine(t: Trace, tr: TranslateFn): string {
  if (t.delivered) {
    const d = t.delivered;
    const params = {
      pod: d.pod ?? '',
      node: d.node,
      ip: `${d.ip}${d.port !== undefined ? `:${d.port}` : ''}`,
      seen: `${d.seenSrcIp}${d.seenSrcPort !== undefined ? `:${d.seenSrcPort}` : ''}`,
      ttl: d.ttl,
    };
    return tr(d.pod ? 'format.deliveredToPod' : 'format.deliveredToNode', params);
  }
  const verdict = tr(`format.verdict.${t.verdict}`, {});
  if (!t.reason) return tr('format.verdictLine', { verdict });
  // The sentence for people, the stable code for scripts.
  return tr('format.verdictWhy', { verdict, why: tr(`reason.${t.reason.code}`, t.reason.params), code: t.reason.code });
}

const visible = (t: Trace, o: FormatOptions): Step[] => visibleSteps(t, o.detail ? 'detailed' : 'summary');

function warningText(t: Trace, tr: TranslateFn, w: NonNullable<Trace['warnings']>[number]): string {
  return tr('format.warning', { why: tr(`reason.${w.code}`, w.params), code: w.code });
}

function textOf(t: Trace, o: FormatOptions, title: 'trace' | 'reply'): string[] {
  const tr = o.t ?? fallbackT;
  const out = [`${tr(`format.${title}`, {})}: ${headline(t, tr)}`, verdictLine(t, tr)];
  for (const w of t.warnings ?? []) out.push(warningText(t, tr, w));
  const rule = tr('format.rule', {});
  const assumption = tr('format.assumption', {});
  visible(t, o).forEach((s, i) => {
    out.push('', `${String(i + 1).padStart(2)}. [${where(s)}] ${s.action}: ${tr(`explain.${s.explain.key}`, s.explain.params)}`);
    if (s.rule) for (const line of s.rule.text.split('\n')) out.push(`      ${rule}: ${line}${s.rule.assumption ? `   (${assumption})` : ''}`);
    if (s.changed.length > 0) for (const line of formatPacket(s.after, { ttl: true })) out.push(`      → ${line}`);
  });
  if (t.wire.length > 0) {
    out.push('', `${tr('format.onTheWire', {})}:`);
    for (const w of t.wire) {
      out.push(`  ${w.from} → ${w.to} (${w.link})`);
      for (const line of formatPacket(w.packet)) out.push(`    ${line}`);
    }
  }
  return out;
}

/** Plain text: the forward trace, then the reply. */
export function formatTraceText(t: Trace, o: FormatOptions = {}): string {
  const out = textOf(t, o, 'trace');
  if (t.reply) out.push('', ...textOf(t.reply, o, 'reply'));
  return out.join('\n');
}

const HTML_ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text in a Markdown table cell. Names come from the scenario (a shared link,
 * an import): HTML is shown as text (`<img onerror=…>` never renders) and
 * Markdown syntax is escaped (no links, emphasis or broken tables).
 */
function mdEscape(s: string): string {
  return s
    .replace(/[&<>]/g, (c) => HTML_ENTITY[c]!)
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replaceAll('\n', '<br>');
}

/** A code span in a table cell: a fence longer than any backtick run inside, so the text cannot close it; `|` escaped for the table. */
function mdCode(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const body = s.replaceAll('|', '\\|').replaceAll('\n', ' ');
  return longest > 0 || body.startsWith(' ') ? `${fence} ${body} ${fence}` : `${fence}${body}${fence}`;
}

function markdownOf(t: Trace, o: FormatOptions, title: 'trace' | 'reply'): string[] {
  const tr = o.t ?? fallbackT;
  const col = (k: string): string => tr(`format.column.${k}`, {});
  const warnings = (t.warnings ?? []).map((w) => `> ⚠ ${mdEscape(warningText(t, tr, w))}`);
  const out = [
    `### ${tr(`format.${title}Heading`, {})}: ${mdEscape(headline(t, tr))}`,
    '',
    `**${mdEscape(verdictLine(t, tr))}**`,
    '',
    ...(warnings.length ? [...warnings, ''] : []),
    `| # | ${col('where')} | ${col('action')} | ${col('rule')} | ${col('headersAfter')} | ${col('why')} |`,
    '|---|---|---|---|---|---|',
  ];
  visible(t, o).forEach((s, i) => {
    const rule = s.rule ? mdCode(s.rule.text) : '';
    // Where, the action and the headers are identifiers (as tcpdump and the engine name them): code spans, like the rule.
    const headers = s.changed.length > 0 ? formatPacket(s.after, { ttl: true }).map(mdCode).join('<br>') : '';
    out.push(`| ${i + 1} | ${mdCode(where(s))} | ${mdCode(s.action)} | ${rule} | ${headers} | ${mdEscape(tr(`explain.${s.explain.key}`, s.explain.params))} |`);
  });
  if (t.wire.length > 0) {
    out.push('', `| ${tr('format.onTheWire', {})} | ${col('packet')} |`, '|---|---|');
    for (const w of t.wire) out.push(`| ${mdCode(`${w.from} → ${w.to} (${w.link})`)} | ${formatPacket(w.packet).map(mdCode).join('<br>')} |`);
  }
  return out;
}

/** Markdown: a table of steps per direction. */
export function formatTraceMarkdown(t: Trace, o: FormatOptions = {}): string {
  const out = markdownOf(t, o, 'trace');
  if (t.reply) out.push('', ...markdownOf(t.reply, o, 'reply'));
  return out.join('\n');
}

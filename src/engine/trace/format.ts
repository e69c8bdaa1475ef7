/**
 * A Trace as text a person reads like a packet walk (one line per step: where,
 * what, the deciding rule, the headers after it), and as Markdown (a table).
 * Sentences come from the caller's `explain(key, params)` (i18n lives outside
 * the engine); the default prints the key and its parameters.
 */
import { formatPacket } from '../model/tcpdump';
import type { Step, Trace } from '../model/trace';

export type ExplainFn = (key: string, params: Record<string, string | number>) => string;

export interface FormatOptions {
  explain?: ExplainFn;
  /** Include `detail` steps (every chain jump); default: summary only. */
  detail?: boolean;
}

const fallbackExplain: ExplainFn = (key, params) => `${key} ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}`.trim();

function where(s: Step): string {
  const parts = [s.node ?? '', s.at.component, s.at.table ? `${s.at.table}${s.at.chain ? ` ${s.at.chain}` : ''}` : s.at.layer ?? ''];
  return parts.filter(Boolean).join(' · ');
}

function headline(t: Trace): string {
  const f = t.flow;
  const port = f.dport !== undefined ? `:${f.dport}` : '';
  return `${f.proto.toUpperCase()} ${f.src.spec} (${f.src.ip}) → ${f.dst.spec} (${f.dst.ip}${port}), ${f.packet} packet`;
}

function verdictLine(t: Trace, explain: FormatOptions['explain'] = fallbackExplain): string {
  if (t.delivered) {
    const d = t.delivered;
    const at = d.pod ? `pod ${d.pod} on ${d.node}` : d.node;
    const port = d.port !== undefined ? `:${d.port}` : '';
    const sport = d.seenSrcPort !== undefined ? `:${d.seenSrcPort}` : '';
    return `verdict: delivered to ${at} at ${d.ip}${port}; the socket sees source ${d.seenSrcIp}${sport}, TTL ${d.ttl}`;
  }
  if (!t.reason) return `verdict: ${t.verdict}`;
  // The sentence for people, the stable code for scripts.
  return `verdict: ${t.verdict} — ${explain(`reason.${t.reason.code}`, t.reason.params)} (${t.reason.code})`;
}

function visible(t: Trace, o: FormatOptions): Step[] {
  return o.detail ? t.steps : t.steps.filter((s) => s.level === 'hop');
}

function textOf(t: Trace, o: FormatOptions, title: string): string[] {
  const explain = o.explain ?? fallbackExplain;
  const out = [`${title}: ${headline(t)}`, verdictLine(t, explain)];
  for (const w of t.warnings ?? []) out.push(`warning: ${explain(`reason.${w.code}`, w.params)} (${w.code})`);
  visible(t, o).forEach((s, i) => {
    out.push('', `${String(i + 1).padStart(2)}. [${where(s)}] ${s.action}: ${explain(`explain.${s.explain.key}`, s.explain.params)}`);
    if (s.rule) for (const line of s.rule.text.split('\n')) out.push(`      rule: ${line}${s.rule.assumption ? '   (assumption)' : ''}`);
    if (s.changed.length > 0) for (const line of formatPacket(s.after, { ttl: true })) out.push(`      → ${line}`);
  });
  if (t.wire.length > 0) {
    out.push('', 'on the wire:');
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

function mdEscape(s: string): string {
  return s.replaceAll('|', '\\|').replaceAll('\n', '<br>');
}

function markdownOf(t: Trace, o: FormatOptions, title: string): string[] {
  const explain = o.explain ?? fallbackExplain;
  const warnings = (t.warnings ?? []).map((w) => `> ⚠ ${mdEscape(explain(`reason.${w.code}`, w.params))} (\`${w.code}\`)`);
  const out = [`### ${title}: ${mdEscape(headline(t))}`, '', `**${mdEscape(verdictLine(t, explain))}**`, '', ...(warnings.length ? [...warnings, ''] : []), '| # | where | action | rule | headers after | why |', '|---|---|---|---|---|---|'];
  visible(t, o).forEach((s, i) => {
    const rule = s.rule ? `\`${mdEscape(s.rule.text)}\`` : '';
    const headers = s.changed.length > 0 ? mdEscape(formatPacket(s.after, { ttl: true }).join('\n')) : '';
    out.push(`| ${i + 1} | ${mdEscape(where(s))} | ${s.action} | ${rule} | ${headers} | ${mdEscape(explain(`explain.${s.explain.key}`, s.explain.params))} |`);
  });
  if (t.wire.length > 0) {
    out.push('', '| on the wire | packet |', '|---|---|');
    for (const w of t.wire) out.push(`| ${mdEscape(`${w.from} → ${w.to} (${w.link})`)} | ${mdEscape(formatPacket(w.packet).join('\n'))} |`);
  }
  return out;
}

/** Markdown: a table of steps per direction. */
export function formatTraceMarkdown(t: Trace, o: FormatOptions = {}): string {
  const out = markdownOf(t, o, 'Trace');
  if (t.reply) out.push('', ...markdownOf(t.reply, o, 'Reply'));
  return out.join('\n');
}

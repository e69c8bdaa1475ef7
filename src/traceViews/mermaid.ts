/**
 * A Trace as a Mermaid sequence diagram, fenced for Markdown, so that it
 * renders natively where docs live (GitHub, GitLab, most docs sites).
 * Participants are where the packet is: pods, each node's stack, and each
 * VFP layer (and the unified flow cache) of a Windows vSwitch; every visible
 * step is a message to the participant it happens at, with its sentence and
 * its deciding rule. Words come from the caller's `t` (`format.*`,
 * `explain.*`), like the text and Markdown formats (format.ts).
 *
 * Names and rules come from untrusted scenarios: every piece of data is
 * written with Mermaid's entity codes for the characters that could end a
 * statement (`;`, a newline), start a comment or directive (`%`, `#`), open
 * markup (`<`, `>`, `&`, `"`) or close the Markdown fence (`` ` ``).
 */
import type { Step, Trace } from '../engine/model/trace';
import type { FormatOptions, TranslateFn } from './format';
import { visibleSteps } from './stepFilter';

const ENTITY: Readonly<Record<string, string>> = { '#': '#35;', ';': '#59;', '%': '#37;', '<': '#lt;', '>': '#gt;', '&': '#amp;', '"': '#quot;', '`': '#96;' };

/** Data as Mermaid text: one line, no statement break, comment, markup or fence. */
export function mermaidText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001F\u007F\u2028\u2029]+/g, ' ').replace(/[#;%<>&"`]/g, (c) => ENTITY[c]!);
}

const RULE_CHARS = 100;

interface Participant {
  id: string;
  label: string;
}

/** Which participant a step happens at; `pods` remembers the pod each node last had the packet in (for a pod's `eth0`). */
function participantOf(s: Step, tr: TranslateFn, pods: Map<string, string>): { key: string; label: string } {
  const node = s.node ?? '';
  const { component, layer = '' } = s.at;
  const podStep = component === 'compartment' || component === 'vnic' || component === 'socket' || component === 'pod';
  const pod = podStep ? (layer.includes('/') ? layer : pods.get(node)) : undefined;
  if (pod) {
    pods.set(node, pod);
    return { key: `pod ${pod}`, label: tr('format.mermaid.pod', { pod, node }) };
  }
  if (component === 'vfp') return { key: `vfp ${node} ${layer}`, label: tr('format.mermaid.vfp', { layer, node }) };
  if (component === 'uft') return { key: `uft ${node}`, label: tr('format.mermaid.uft', { node }) };
  if (component === 'fabric' || component === 'resolver') return { key: `host ${node || layer}`, label: tr('format.mermaid.host', { name: node || layer }) };
  return { key: `node ${node}`, label: tr('format.mermaid.node', { node }) };
}


function headline(t: Trace, tr: TranslateFn): string {
  const f = t.flow;
  return tr(`format.headline.${f.packet}`, { proto: f.proto.toUpperCase(), src: f.src.spec, srcIp: f.src.ip, dst: f.dst.spec, dstIp: `${f.dst.ip}${f.dport !== undefined ? `:${f.dport}` : ''}` });
}

function verdict(t: Trace, tr: TranslateFn): string {
  return t.reason ? `${tr(`format.verdict.${t.verdict}`, {})}: ${tr(`reason.${t.reason.code}`, t.reason.params)}` : tr(`format.verdict.${t.verdict}`, {});
}

/** The diagram inside a ```mermaid fence. */
export function formatTraceMermaid(trace: Trace, o: FormatOptions = {}): string {
  const tr = o.t ?? ((key: string) => key);
  const participants = new Map<string, Participant>();
  const pods = new Map<string, string>();
  const body: string[] = [];
  const directions = [
    { t: trace, heading: 'format.traceHeading' },
    ...(trace.reply ? [{ t: trace.reply, heading: 'format.replyHeading' }] : []),
  ];
  for (const { t, heading } of directions) {
    const steps = visibleSteps(t, o.detail ? 'detailed' : 'summary');
    const at = steps.map((s) => {
      const p = participantOf(s, tr, pods);
      if (!participants.has(p.key)) participants.set(p.key, { id: `p${participants.size + 1}`, label: p.label });
      return participants.get(p.key)!.id;
    });
    if (at.length === 0) continue;
    const span = [...new Set([at[0]!, at[at.length - 1]!])].join(',');
    body.push(`  Note over ${span}: ${mermaidText(`${tr(heading, {})}: ${headline(t, tr)}`)}`);
    steps.forEach((s, i) => {
      const from = at[i - 1] ?? at[i]!;
      const arrow = s.action === 'drop' || s.action === 'reject' ? '-x' : '->>';
      // The sentence says what happened in the reader's language; the action verb (`dnat`) is in the Markdown table.
      const sentence = mermaidText(`${i + 1}. ${tr(`explain.${s.explain.key}`, s.explain.params)}`);
      const first = s.rule?.text.split('\n')[0] ?? '';
      const rule = first ? `<br/>${mermaidText(`${tr('format.rule', {})}: ${first.length > RULE_CHARS ? `${first.slice(0, RULE_CHARS - 1)}…` : first}`)}` : '';
      body.push(`  ${from}${arrow}${at[i]}: ${sentence}${rule}`);
    });
    body.push(`  Note over ${at[at.length - 1]}: ${mermaidText(verdict(t, tr))}`);
  }
  const heads = [...participants.values()].map((p) => `  participant ${p.id} as ${mermaidText(p.label)}`);
  return ['```mermaid', 'sequenceDiagram', ...heads, ...body, '```'].join('\n');
}

/**
 * The right answer of a quiz, read from the trace: the app reveals it, the
 * lesson test checks the author's `answer` against it.
 */
import type { Header, Packet, Trace } from '../engine/index';
import type { Quiz } from './schema';
import type { FoundStep } from './select';

/**
 * A header field of a packet by the path `Step.changed` uses: `ipv4.dst`
 * (the only or outermost), `outer.ipv4.src` (outermost), `inner.tcp.dport`
 * (innermost). Undefined when the packet has no such header or field.
 */
export function headerField(packet: Packet, path: string): string | undefined {
  const parts = path.split('.');
  const scope = parts[0] === 'outer' || parts[0] === 'inner' ? parts.shift() : undefined;
  const [kind, name] = parts;
  if (!kind || !name) return undefined;
  const all = packet.headers.filter((h) => h.kind === kind);
  const h: Header | undefined = scope === 'inner' ? all[all.length - 1] : all[0];
  const v = h ? (h as unknown as Record<string, unknown>)[name] : undefined;
  return v === undefined || v === null ? undefined : String(v);
}

/**
 * The right choice for `quiz` at `found` in `trace`:
 * - `component`, `layer` (the step's `at.layer`, else its component), `action`, `node`: of the selected step;
 * - `field`: the value of `quiz.field` after the selected step;
 * - `changed`: the one choice that is among the step's changed fields;
 * - `verdict`, `reason`: the trace's verdict and reason code.
 * An error when the trace cannot answer (e.g. the field is missing).
 */
export function quizAnswer(quiz: Quiz, trace: Trace, found: FoundStep): { answer: string } | { error: string } {
  const s = found.step;
  const one = (v: string | undefined, what: string) => (v === undefined ? { error: `the selected step has no ${what}` } : { answer: v });
  switch (quiz.kind) {
    case 'component':
      return { answer: s.at.component };
    case 'layer':
      return { answer: s.at.layer ?? s.at.component };
    case 'action':
      return { answer: s.action };
    case 'node':
      return one(s.node, 'node');
    case 'field':
      return one(headerField(s.after, quiz.field!), `header field ${quiz.field}`);
    case 'changed': {
      const hit = quiz.choices.filter((c) => s.changed.includes(c));
      return hit.length === 1 ? { answer: hit[0]! } : { error: `${hit.length} choices are among the step's changed fields (${s.changed.join(', ') || 'none'})` };
    }
    case 'verdict':
      return { answer: trace.verdict };
    case 'reason':
      return one(trace.reason?.code, 'reason');
  }
}

/**
 * Checks a lesson step against the traces it shows: the selectors find their
 * steps, the `expect` claims hold, every IPv4 address or prefix the texts
 * state appears in the selected step (or the compared one), and each quiz's
 * answer is what the trace says. Pure over `Trace`s, so the lesson test and
 * a teacher's preview can both use it.
 */
import type { Step, Trace } from '../engine/index';
import { quizAnswer } from './quiz';
import type { LessonStep } from './schema';
import { findStep } from './select';

/** IPv4 addresses and prefixes in a text, e.g. `172.21.41.6`, `172.21.211.0/26`. */
export function addressesIn(text: string): string[] {
  return [...new Set(text.match(/(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?(?![\d.]*\d)/g) ?? [])];
}

/**
 * Everything a step shows, as one searchable text: the step as JSON (so
 * `"ttl":62` matches a header field) followed by every string in it as is
 * (so a rule's own JSON, e.g. `"IsDSR":true`, matches unescaped).
 */
export function stepText(step: Step): string {
  const strings: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(step);
  return `${JSON.stringify(step)}\n${strings.join('\n')}`;
}

/** The problems of one lesson step (empty when it is true to the traces). */
export function verifyLessonStep(step: LessonStep, trace: Trace, compareTrace?: Trace): string[] {
  const problems: string[] = [];
  const found = findStep(trace, step.show);
  if ('error' in found) return [`show: ${found.error}`];
  let shown = stepText(found.step);
  if (step.compare) {
    if (!compareTrace) problems.push('compare: no trace for the compared scenario');
    else {
      const other = findStep(compareTrace, step.compareShow ?? step.show);
      if ('error' in other) problems.push(`compareShow: ${other.error}`);
      else shown += stepText(other.step);
    }
  }
  const e = step.expect;
  if (e?.verdict && trace.verdict !== e.verdict) problems.push(`expect.verdict: the trace says ${trace.verdict}, the lesson ${e.verdict}`);
  if (e?.reason && trace.reason?.code !== e.reason) problems.push(`expect.reason: the trace's reason is ${trace.reason?.code ?? 'none'}, the lesson says ${e.reason}`);
  if (e?.warning && !(trace.warnings ?? []).some((w) => w.code === e.warning)) problems.push(`expect.warning: the trace has no warning ${e.warning}`);
  for (const c of e?.contains ?? []) if (!shown.includes(c)) problems.push(`expect.contains: "${c}" is not in the selected step`);
  for (const lang of ['en', 'ru'] as const) {
    for (const a of addressesIn(step.text[lang])) if (!shown.includes(a)) problems.push(`text.${lang}: the address ${a} is not in the selected step`);
  }
  if (step.quiz) {
    const r = quizAnswer(step.quiz, trace, found);
    if ('error' in r) problems.push(`quiz: ${r.error}`);
    else {
      if (!step.quiz.choices.includes(r.answer)) problems.push(`quiz.choices: the trace's answer ${r.answer} is not a choice`);
      if (step.quiz.answer !== undefined && step.quiz.answer !== r.answer) problems.push(`quiz.answer: the lesson says ${step.quiz.answer}, the trace ${r.answer}`);
    }
  }
  return problems;
}

/**
 * Every shipped lesson is valid, runs through the engine, and is true to
 * its traces: each step's flow traces in its scenario (with its edits), the
 * selectors find their steps, the stated addresses, verdicts, reasons and
 * warnings are in the trace, each quiz's answer is what the trace says, and
 * every text exists in English and Russian.
 */
import { describe, expect, it } from 'vitest';
import { compileScenario, loadPreset, loadScenarioText, PRESETS, traceFlow, type CompiledCluster, type Trace } from '../engine/index';
import { resolveSourceText, type ScenarioSource as ScenarioRef } from '../share/scenarioSource';
import { LESSONS, LESSON_ERRORS, LESSON_FILES } from './catalog';
import { formatLessonError, parseLesson } from './load';
import type { LessonStep } from './schema';
import { findStep } from './select';
import { verifyLessonStep } from './verify';
import { lessonFlow, lessonView } from './view';
import { decodeShare, encodeShare } from '../share/codec';
import type { ShareState } from '../share/shareState';

const compiled = new Map<string, CompiledCluster | string>();

/** The compiled cluster a scenario reference stands for, or why there is none. */
function cluster(ref: ScenarioRef): CompiledCluster | string {
  const key = JSON.stringify(ref);
  let c = compiled.get(key);
  if (c === undefined) {
    const yaml = resolveSourceText(ref, (name) => PRESETS.find((p) => p.name === name)?.yaml);
    if ('error' in yaml) c = yaml.error.message;
    else {
      const loaded = 'preset' in ref && !ref.edits?.length ? loadPreset(ref.preset) : loadScenarioText(yaml.yaml, 'lesson');
      const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
      c = loaded.scenario && !errors.length ? compileScenario(loaded.scenario) : `scenario does not load: ${errors.map((d) => d.message).join('; ')}`;
    }
    compiled.set(key, c);
  }
  return c;
}

function traceStep(ref: ScenarioRef, step: LessonStep): Trace | string {
  const c = cluster(ref);
  if (typeof c === 'string') return c;
  const r = traceFlow(c, step.flow);
  return r.trace ?? `no trace: ${r.diagnostics.map((d) => d.message).join('; ') || 'unknown error'}`;
}

const CYRILLIC = /[а-яё]/i;

describe('lesson files', () => {
  it('all parse and validate', () => {
    expect(LESSON_FILES.length).toBeGreaterThanOrEqual(7);
    expect(LESSON_ERRORS.map(formatLessonError)).toEqual([]);
  });

  it('each lesson has 4–10 steps, and Russian text is Russian', () => {
    for (const l of LESSONS) {
      expect(l.steps.length, l.id).toBeGreaterThanOrEqual(4);
      expect(l.steps.length, l.id).toBeLessThanOrEqual(10);
      const ru = [l.title.ru, l.summary.ru, ...l.steps.flatMap((s) => [s.text.ru, ...(s.quiz ? [s.quiz.question.ru] : [])])];
      for (const t of ru) expect(CYRILLIC.test(t), `${l.id}: "${t.slice(0, 40)}"`).toBe(true);
      const en = [l.title.en, l.summary.en, ...l.steps.flatMap((s) => [s.text.en, ...(s.quiz ? [s.quiz.question.en] : [])])];
      for (const t of en) expect(CYRILLIC.test(t), `${l.id}: "${t.slice(0, 40)}"`).toBe(false);
    }
  });

  it('errors name the lesson, the step and the field', () => {
    const bad = 'id: broken\ntitle: {en: A, ru: Б}\nsummary: {en: A, ru: Б}\nsteps:\n- scenario: k8s-lab\n  flow: {src: pod:demo/web, dst: svc:demo/hello}\n  text: {en: A}\n';
    const r = parseLesson(bad, 'broken.yaml');
    expect('errors' in r && r.errors.map(formatLessonError)).toEqual(['broken.yaml, lesson broken, step 1, text.ru: Invalid input: expected string, received undefined']);
    const quiz = bad.replace('text: {en: A}', 'text: {en: A, ru: Б}\n  quiz: {kind: layer, question: {en: Q, ru: В}, choices: [a, b], answer: c}');
    const q = parseLesson(quiz, 'q.yaml');
    expect('errors' in q && q.errors.map(formatLessonError)).toEqual(['q.yaml, lesson broken, step 1, quiz.answer: answer is not one of the choices']);
    expect(parseLesson('id: [', 'y.yaml')).toMatchObject({ errors: [{ file: 'y.yaml', message: expect.stringContaining('not valid YAML') }] });
  });
});

describe.each(LESSONS.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
  it.each(lesson.steps.map((s, i) => [i + 1, s] as const))('step %i is true to its trace', (_n, step) => {
    const trace = traceStep(step.scenario, step);
    expect(typeof trace === 'string' ? [trace] : []).toEqual([]);
    let other: Trace | undefined;
    if (step.compare) {
      const t = traceStep(step.compare, step);
      expect(typeof t === 'string' ? [`compare: ${t}`] : []).toEqual([]);
      other = t as Trace;
    }
    expect(verifyLessonStep(step, trace as Trace, other).join('\n')).toBe('');
  });
});

describe('the checks catch an untrue lesson', () => {
  const base: LessonStep = {
    scenario: { preset: 'k8s-lab' },
    flow: { src: 'pod:demo/web', dst: 'pod:demo/hello', dport: 8080 },
    show: { node: 'k8s-lab-win-1', component: 'vfp', layer: 'VNET_ENCAP_LAYER' },
    text: { en: 'Outer 192.168.10.25 → 192.168.10.24.', ru: 'Снаружи 192.168.10.25 → 192.168.10.24.' },
    quiz: { kind: 'field', field: 'outer.ipv4.dst', question: { en: 'Q?', ru: 'В?' }, choices: ['192.168.10.24', '192.168.10.26'], answer: '192.168.10.24' },
  };
  const trace = traceStep(base.scenario as ScenarioRef, base) as Trace;

  it('accepts the true step', () => {
    expect(verifyLessonStep(base, trace)).toEqual([]);
  });

  it('a wrong address, a wrong answer, a missing step, a false verdict', () => {
    expect(verifyLessonStep({ ...base, text: { ...base.text, ru: 'Снаружи 192.168.10.25 → 192.168.10.26.' } }, trace)).toEqual(['text.ru: the address 192.168.10.26 is not in the selected step']);
    expect(verifyLessonStep({ ...base, quiz: { ...base.quiz!, answer: '192.168.10.26' } }, trace)).toEqual(['quiz.answer: the lesson says 192.168.10.26, the trace 192.168.10.24']);
    expect(verifyLessonStep({ ...base, quiz: { ...base.quiz!, choices: ['10.0.0.1', '10.0.0.2'], answer: undefined } }, trace)).toEqual(['quiz.choices: the trace\'s answer 192.168.10.24 is not a choice']);
    expect(verifyLessonStep({ ...base, show: { component: 'netfilter', node: 'k8s-lab-win-1' } }, trace)).toEqual(['show: no step node=k8s-lab-win-1 component=netfilter in the request; 0 match']);
    expect(verifyLessonStep({ ...base, expect: { verdict: 'dropped' } }, trace)).toEqual(['expect.verdict: the trace says delivered, the lesson dropped']);
  });

  it('selectors: by match, n-th match, hop position, reply', () => {
    expect(findStep(trace, { component: 'vfp', nth: 2 })).toMatchObject({ part: 'request', step: { at: { component: 'vfp' } } });
    const hop3 = findStep(trace, { hop: 3 });
    expect('step' in hop3 && hop3.step.level).toBe('hop');
    const reply = findStep(trace, { in: 'reply', component: 'socket' });
    expect(reply).toMatchObject({ part: 'reply', position: trace.steps.length + trace.reply!.steps.length - 1 });
    expect(findStep(trace, { hop: 999 })).toMatchObject({ error: expect.stringContaining('hop 999') });
    expect(findStep(trace, undefined)).toMatchObject({ position: 0 });
  });
});

describe('a lesson step as a view state', () => {
  it('gives scenario, flow, position and a share link that round-trips', () => {
    const lesson = LESSONS.find((l) => l.id === 'hns-vfp')!;
    const flow = lessonFlow(lesson, 3)!;
    const trace = traceStep(flow.scenario, lesson.steps[3]!) as Trace;
    const view = lessonView(lesson, 3, trace, { language: 'ru', theme: 'auto', embed: false });
    expect(view).toMatchObject({ state: { scenario: { preset: 'k8s-lab' }, detail: 'detailed', lesson: { id: 'hns-vfp', step: 3 } } });
    const state = (view as { state: ShareState }).state;
    expect(trace.steps[state.step]!.at.layer).toBe('ACL_ENDPOINT_LAYER');
    expect(decodeShare(encodeShare(state))).toEqual({ state });
    expect(lessonView(lesson, 99, trace, { language: 'en', theme: 'light', embed: false })).toMatchObject({ error: expect.stringContaining('no step 100') });
  });
});

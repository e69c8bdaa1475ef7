/**
 * The lesson format: a lesson is a YAML file under `src/lessons/content/`,
 * validated by `lessonSchema` (README "Writing a lesson").
 */
import { z } from 'zod';
import { flowRequestSchema } from '../share/shareState';
import type { ScenarioSource } from '../share/scenarioSource';
import { scenarioSourceSchema } from '../share/scenarioSourceSchema';

/** A sentence in both languages. */
export const textSchema = z.strictObject({
  en: z.string().trim().min(1, 'the English text is empty'),
  ru: z.string().trim().min(1, 'the Russian text is empty'),
});
export type LessonText = z.infer<typeof textSchema>;

/**
 * Which step of the trace a lesson step shows. Either a stable match on the
 * step's location (every given field must equal the step's; `nth` picks the
 * n-th match, 1-based) or `hop: n` (the n-th `hop` step, 1-based). `in`
 * says whether to look in the trace (default) or its reply.
 */
export const selectorSchema = z.strictObject({
  in: z.enum(['request', 'reply']).optional(),
  node: z.string().min(1).optional(),
  component: z.string().min(1).optional(),
  layer: z.string().min(1).optional(),
  table: z.string().min(1).optional(),
  chain: z.string().min(1).optional(),
  action: z.string().min(1).optional(),
  /** The step's explanation key (e.g. `windows.uftCreate`). */
  key: z.string().min(1).optional(),
  nth: z.number().int().min(1).optional(),
  hop: z.number().int().min(1).optional(),
});
export type StepSelector = z.infer<typeof selectorSchema>;

/** What a quiz asks about the selected step (or the trace), so its answer comes from the trace. */
export const QUIZ_KINDS = ['component', 'layer', 'action', 'node', 'field', 'changed', 'verdict', 'reason'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

export const quizSchema = z
  .strictObject({
    kind: z.enum(QUIZ_KINDS),
    /** For `field`: a header field path as in `Step.changed` (`outer.ipv4.dst`, `ipv4.src`, `vxlan.vni`, `tcp.dport`). */
    field: z.string().min(1).optional(),
    question: textSchema,
    choices: z.array(z.string().min(1)).min(2).max(6),
    /** The right choice as the author expects it; the lesson test checks it against the trace. Optional: the app derives it. */
    answer: z.string().min(1).optional(),
  })
  .refine((q) => new Set(q.choices).size === q.choices.length, { message: 'choices repeat', path: ['choices'] })
  .refine((q) => (q.kind === 'field') === (q.field !== undefined), { message: '`field` is required for kind field and only there', path: ['field'] })
  .refine((q) => q.answer === undefined || q.choices.includes(q.answer), { message: 'answer is not one of the choices', path: ['answer'] });
export type Quiz = z.infer<typeof quizSchema>;

/** What the lesson claims about the trace; the lesson test checks it. */
export const expectSchema = z.strictObject({
  verdict: z.enum(['delivered', 'dropped', 'rejected', 'no-route', 'unsupported']).optional(),
  /** The trace's `reason.code`. */
  reason: z.string().min(1).optional(),
  /** A code among the trace's `warnings`. */
  warning: z.string().min(1).optional(),
  /** Strings the selected step must contain (rule text, headers, parameters). */
  contains: z.array(z.string().min(1)).optional(),
});

/** `k8s-lab` is short for `{ preset: k8s-lab }`. */
const scenarioSchema = z.union([z.string().min(1).transform((preset): ScenarioSource => ({ preset })), scenarioSourceSchema]);

export const lessonStepSchema = z.strictObject({
  scenario: scenarioSchema,
  flow: flowRequestSchema,
  show: selectorSchema.optional(),
  /** Side by side: the same flow in a second scenario, and which of its steps to line up. */
  compare: scenarioSchema.optional(),
  compareShow: selectorSchema.optional(),
  text: textSchema,
  expect: expectSchema.optional(),
  quiz: quizSchema.optional(),
});
export type LessonStep = z.infer<typeof lessonStepSchema>;

export const lessonSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id is kebab-case (a-z, 0-9, -)'),
  /** The seed section the lesson follows (its Russian heading). */
  section: z.string().min(1).optional(),
  title: textSchema,
  summary: textSchema,
  steps: z.array(lessonStepSchema).min(1, 'a lesson has at least one step').max(20),
});
export type Lesson = z.infer<typeof lessonSchema>;

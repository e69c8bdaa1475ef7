/**
 * Building trace steps: every evaluator records what it did through one
 * recorder, so `changed` is always computed the same way.
 */
import type { Packet } from './packet';
import { changedFields } from './packetOps';
import type { ExplainKey, StepAction } from './stepVocabulary';
import type { Step, StepLocation, StepRule } from './trace';

export interface StepInput {
  at: StepLocation;
  action: StepAction;
  before: Packet;
  after?: Packet;
  rule?: StepRule;
  /** i18n key under `explain.` */
  explain: ExplainKey;
  params?: Record<string, string | number>;
  level?: Step['level'];
}

/** Where a step acts in the topology: the part id for a step's location, or undefined when that part is not drawn. */
export type PartOf = (at: StepLocation) => string | undefined;

/** Collects the steps of one place's evaluation. */
export class StepRecorder {
  readonly steps: Step[] = [];

  /** `partOf` is the evaluator's map from a location to the part it acts on (`Step.part`). */
  constructor(
    private readonly node?: string,
    private readonly partOf?: PartOf,
  ) {}

  /** Records a step and returns its `after` packet (or `before` when unchanged). */
  add(s: StepInput): Packet {
    const after = s.after ?? s.before;
    // Built field by field rather than with conditional spreads: the same key
    // order, without the slow generic copy that spreading costs on every step.
    const step = {} as Step;
    if (this.node) step.node = this.node;
    step.at = s.at;
    const part = this.partOf?.(s.at);
    if (part) step.part = part;
    step.action = s.action;
    if (s.rule) step.rule = s.rule;
    step.before = s.before;
    step.after = after;
    step.changed = changedFields(s.before, after);
    step.explain = { key: s.explain, params: s.params ?? {} };
    step.level = s.level ?? 'hop';
    this.steps.push(step);
    return after;
  }

  /**
   * Sets `after` (and `changed`) of the most recent step whose action is one
   * of `actions` — for rule hits whose rewrite is applied after the hook.
   * Returns false when there is no such step.
   */
  amend(actions: readonly StepAction[], after: Packet): boolean {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const s = this.steps[i]!;
      if (!actions.includes(s.action)) continue;
      this.steps[i] = { ...s, after, changed: changedFields(s.before, after) };
      return true;
    }
    return false;
  }
}

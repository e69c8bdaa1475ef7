/**
 * A reference to a scenario as a share link and a lesson name it: a preset
 * with optional text edits, or a whole scenario as YAML text.
 *
 * Edits are plain text operations on the preset's YAML (the same text
 * `PRESETS[].yaml` holds and `npm run state` prints), applied in order:
 * - `{ find, replace }` replaces the one occurrence of `find` (it must occur
 *   exactly once, so an edit never silently misses or hits twice);
 * - `{ append }` adds YAML documents at the end (a `---` separator is added).
 *
 * The result is loaded like any scenario text (in the worker); nothing here
 * parses YAML.
 */
import { z } from 'zod';

/** One text edit of a scenario's YAML. */
export type ScenarioEdit = { find: string; replace: string } | { append: string };

/** A preset (with optional edits) or a whole scenario as YAML text. */
export type ScenarioRef = { preset: string; edits?: ScenarioEdit[] } | { yaml: string };

/** Longest YAML text or edit a link or lesson may carry (characters). */
export const MAX_SCENARIO_TEXT = 1_000_000;

const text = z.string().max(MAX_SCENARIO_TEXT);

export const scenarioEditSchema = z.union([
  z.strictObject({ find: text.min(1, 'find must not be empty'), replace: text }),
  z.strictObject({ append: text.min(1, 'append must not be empty') }),
]);

export const scenarioRefSchema = z.union([
  z.strictObject({ preset: z.string().min(1).max(100), edits: z.array(scenarioEditSchema).max(100).optional() }),
  z.strictObject({ yaml: text.min(1) }),
]);

export type EditResult = { yaml: string } | { error: { edit: number; message: string } };

/**
 * Applies `edits` to `yaml` in order. An edit whose `find` occurs zero or
 * several times is an error naming the edit (0-based) and quoting the start
 * of `find`; the input is never partly edited.
 *
 * @example applyScenarioEdits(preset.yaml, [{ find: 'enableDSR: true', replace: 'enableDSR: false' }])
 */
export function applyScenarioEdits(yaml: string, edits: readonly ScenarioEdit[] = []): EditResult {
  let out = yaml;
  for (const [i, edit] of edits.entries()) {
    if ('append' in edit) {
      out = `${out.replace(/\n*$/, '')}\n---\n${edit.append.replace(/^---\n/, '')}`;
      continue;
    }
    const first = out.indexOf(edit.find);
    const quoted = JSON.stringify(edit.find.length > 60 ? `${edit.find.slice(0, 60)}…` : edit.find);
    if (first < 0) return { error: { edit: i, message: `edit ${i}: ${quoted} does not occur in the scenario` } };
    if (out.indexOf(edit.find, first + 1) >= 0) return { error: { edit: i, message: `edit ${i}: ${quoted} occurs more than once; quote more context` } };
    out = out.slice(0, first) + edit.replace + out.slice(first + edit.find.length);
  }
  return { yaml: out };
}

/**
 * The scenario text a reference stands for, given the presets' YAML by name
 * (the UI has it from the worker's preset list; tests from `PRESETS`).
 */
export function resolveScenarioRef(ref: ScenarioRef, presetYaml: (name: string) => string | undefined): EditResult {
  if ('yaml' in ref) return { yaml: ref.yaml };
  const base = presetYaml(ref.preset);
  if (base === undefined) return { error: { edit: -1, message: `unknown preset "${ref.preset}"` } };
  return applyScenarioEdits(base, ref.edits);
}

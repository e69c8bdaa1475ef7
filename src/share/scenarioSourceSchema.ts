/**
 * The zod schemas of a `ScenarioSource` (scenarioSource.ts), for share links
 * and lessons: in a module of its own so the page's first download, which
 * only passes sources around, does not carry zod (issue 18).
 */
import { z } from 'zod';

/** Longest YAML text, file or edit a source may carry (characters). */
export const MAX_SCENARIO_TEXT = 1_000_000;

const text = z.string().max(MAX_SCENARIO_TEXT);

export const scenarioEditSchema = z.union([
  z.strictObject({ find: text.min(1, 'find must not be empty'), replace: text }),
  z.strictObject({ append: text.min(1, 'append must not be empty') }),
]);

const edits = z.array(scenarioEditSchema).max(1000).optional();

export const scenarioSourceSchema = z.union([
  z.strictObject({ preset: z.string().min(1).max(100), edits }),
  z.strictObject({ yaml: text.min(1), edits }),
  z.strictObject({
    files: z.array(z.strictObject({ name: z.string().min(1).max(300), text })).min(1).max(100),
    windowsNode: z.string().min(1).max(253).optional(),
    edits,
  }),
]);

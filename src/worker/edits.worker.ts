/**
 * What-if edits and the edit forms' model, in the worker (issue 18: no YAML
 * on the main thread; issue 19 item 3: the model from the normalised
 * scenario). Runs only in the engine worker (and in tests).
 */
import { applyEdit, EditError, type Edit } from '../edit/edits';
import { diffEdits } from '../share/scenarioSource';
import type { EditAnswer } from './api';

/** Applies `edit` to `text` and answers the text patch (empty when nothing changed), or why it failed. */
export function editPatch(text: string, edit: Edit): EditAnswer {
  try {
    return { patch: diffEdits(text, applyEdit(text, edit)) };
  } catch (error) {
    return { error: error instanceof EditError ? error.message : String(error) };
  }
}

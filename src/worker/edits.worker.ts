/**
 * What-if edits and the edit forms' model, in the worker (issue 18: no YAML
 * on the main thread; issue 19 item 3: the model from the normalised
 * scenario). Runs only in the engine worker (and in tests).
 */
import { applyEdit, EditError, type Edit } from '../edit/edits';
import { policyTextOf } from '../edit/policies';
import { formatDiagnostic, readOnePolicy } from '../engine/index';
import { diffEdits } from '../share/scenarioSource';
import type { EditAnswer } from './api';

/** Applies `edit` to `text` and answers the text patch (empty when nothing changed), or why it failed. */
export function editPatch(text: string, edit: Edit): EditAnswer {
  // A policy's text is read by the loader's own policy reader first: what it refuses is not applied, and its diagnostics say why.
  const policyText = policyTextOf(edit);
  if (policyText !== undefined) {
    const errors = readOnePolicy(policyText).diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) return { error: errors.map(formatDiagnostic).join('; '), diagnostics: errors };
  }
  try {
    return { patch: diffEdits(text, applyEdit(text, edit)) };
  } catch (error) {
    if (error instanceof EditError) return { error: error.message, ...(error.diagnostics?.length ? { diagnostics: error.diagnostics } : {}) };
    return { error: String(error) };
  }
}

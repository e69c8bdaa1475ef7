/**
 * What-if edits: structured operations on the scenario's YAML text, one
 * module per object family (`nodesAndPods.ts`, `services.ts`, `network.ts`,
 * `policies.ts`; the pattern is in `family.ts`). Each edit parses the
 * documents with the `yaml` library's Document API (`yamlDocument.ts`),
 * changes the objects in place (comments, key order and the other objects
 * stay as they were) and serialises them again, so the result loads like the
 * input and downloads in the same format. Pure functions; no engine code.
 *
 * A kubectl `List` document (`kind: List`, `items: [...]`) is walked item by
 * item, so edits also apply to an imported dump.
 */
import type { EditHandlers } from './family';
import { networkEdits, type NetworkEdit } from './network';
import { nodeAndPodEdits, type NodeAndPodEdit } from './nodesAndPods';
import { policyEdits, type PolicyEdit } from './policies';
import { serviceEdits, type ServiceEdit } from './services';
import { Docs, EditError } from './yamlDocument';

export { EditError };

export type Edit = NodeAndPodEdit | ServiceEdit | NetworkEdit | PolicyEdit;

const HANDLERS: EditHandlers<Edit> = { ...nodeAndPodEdits, ...serviceEdits, ...networkEdits, ...policyEdits };

/**
 * Applies one edit to scenario text.
 * @throws EditError when the text does not parse or an object the edit names is missing
 */
export function applyEdit(text: string, edit: Edit): string {
  return Docs.read(text, (d) => {
    (HANDLERS[edit.op] as (d: Docs, e: Edit) => void)(d, edit);
    return d.toString();
  });
}

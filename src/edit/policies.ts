/**
 * Edits of NetworkPolicies (issue 13): none yet. Add the edits here as the
 * other families do (`nodesAndPods.ts`, `services.ts`, `network.ts`): a member
 * of `PolicyEdit` per operation and its handler in `policyEdits`.
 */
import type { EditHandlers } from './family';

export type PolicyEdit = never;

export const policyEdits: EditHandlers<PolicyEdit> = {};

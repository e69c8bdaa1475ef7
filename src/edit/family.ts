/**
 * The pattern every edit family follows (nodes and pods, services, network,
 * policies): a union of its edits, each with its own `op`, and one handler
 * per `op` that changes the YAML documents in place (`yamlDocument.ts`).
 * `edits.ts` joins the families; a new family is a module with its union and
 * its handlers, added there in two lines.
 */
import type { Docs } from './yamlDocument';

export type EditHandlers<E extends { op: string }> = { [K in E['op']]: (d: Docs, e: Extract<E, { op: K }>) => void };

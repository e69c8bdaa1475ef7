/**
 * Edits of NetworkPolicies (issue 13): add one from its YAML text, replace
 * one's text, remove one. The text is one networking.k8s.io/v1
 * NetworkPolicy or projectcalico.org/v3 NetworkPolicy / GlobalNetworkPolicy.
 * The worker first checks it with the loader's policy reader
 * (engine/policy/readOne.ts, via `policyTextOf`); here the edit refuses a
 * text that is not one policy object or whose kind/namespace/name another
 * policy already has, and puts the object's own document (comments kept)
 * into the scenario.
 */
import { Document } from 'yaml';
import type { Diagnostic } from '../engine/model/diagnostic';
import type { PolicyKind } from '../engine/policy/model';
import { isCalicoApi } from '../engine/model/policyApi';
import type { EditHandlers } from './family';
import { Docs, EditError, type Located } from './yamlDocument';

/** A policy as the edits name it: Felix's kind (knp: Kubernetes, np: Calico, gnp: Calico global), namespace (none for gnp) and name. */
export interface PolicyId {
  kind: PolicyKind;
  namespace?: string;
  name: string;
}

/** What the NetworkPolicies form changes. */
export type PolicyEdit = { op: 'addPolicy'; yaml: string } | { op: 'replacePolicy'; policy: PolicyId; yaml: string } | { op: 'removePolicy'; policy: PolicyId };

/** The policy text an edit brings (what the worker checks with the loader's reader first). */
export function policyTextOf(e: { op: string; yaml?: unknown }): string | undefined {
  return (e.op === 'addPolicy' || e.op === 'replacePolicy') && typeof e.yaml === 'string' ? e.yaml : undefined;
}

/** The id of a policy object (plain JSON), or undefined when it is no policy kind. */
export function policyIdOf(value: Record<string, unknown>): PolicyId | undefined {
  const kind = value.kind;
  if (kind !== 'NetworkPolicy' && kind !== 'GlobalNetworkPolicy') return undefined;
  const md = (typeof value.metadata === 'object' && value.metadata !== null ? value.metadata : {}) as Record<string, unknown>;
  const name = typeof md.name === 'string' ? md.name : '';
  if (kind === 'GlobalNetworkPolicy') return { kind: 'gnp', name };
  return { kind: isCalicoApi(value.apiVersion) ? 'np' : 'knp', namespace: typeof md.namespace === 'string' ? md.namespace : 'default', name };
}

export const samePolicy = (a: PolicyId, b: PolicyId): boolean => a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

/** How a policy is written in messages: `NetworkPolicy demo/deny-web`, `Calico NetworkPolicy …`, `GlobalNetworkPolicy …`. */
export function policyLabel(p: PolicyId): string {
  const kind = p.kind === 'knp' ? 'NetworkPolicy' : p.kind === 'np' ? 'Calico NetworkPolicy' : 'GlobalNetworkPolicy';
  return `${kind} ${p.namespace ? `${p.namespace}/` : ''}${p.name}`;
}

/** The policy objects of the scenario text with their ids. */
export function policiesIn(d: Docs): { id: PolicyId; at: Located }[] {
  return d.findAll(['NetworkPolicy', 'GlobalNetworkPolicy']).flatMap((at) => {
    const id = policyIdOf(at.obj.toJSON() as Record<string, unknown>);
    return id ? [{ id, at }] : [];
  });
}

function requirePolicy(d: Docs, p: PolicyId): Located {
  const found = policiesIn(d).find((x) => samePolicy(x.id, p));
  if (!found) throw new EditError(`${policyLabel(p)} is not in the scenario`);
  return found.at;
}

/** The text's one policy object as a document of its own; `replacing` is the policy it may keep the id of. */
function newPolicy(d: Docs, yaml: string, replacing?: PolicyId): Document.Parsed {
  const objects = Docs.read(yaml, (d) => [...d.objects()]);
  const one = objects.length === 1 ? objects[0]! : undefined;
  const id = one && policyIdOf(one.obj.toJSON() as Record<string, unknown>);
  if (!one || !id) throw new EditError(`the text holds ${objects.length === 1 ? 'no policy' : `${objects.length} objects`}; a policy edit takes one NetworkPolicy or GlobalNetworkPolicy`);
  if (!(replacing && samePolicy(id, replacing)) && policiesIn(d).some((x) => samePolicy(x.id, id))) {
    const object = id.namespace === undefined ? { kind: String(one.obj.get('kind')), name: id.name } : { kind: String(one.obj.get('kind')), namespace: id.namespace, name: id.name };
    const duplicate: Diagnostic = { severity: 'error', code: 'duplicate-object', object, field: 'metadata.name', message: 'a policy of this kind, namespace and name is already in the scenario; change metadata.name or edit that policy' };
    throw new EditError(`${policyLabel(id)} already exists`, [duplicate]);
  }
  // An item of a one-item List becomes a document of its own.
  return one.list ? (new Document(one.obj) as Document.Parsed) : one.doc;
}

export const policyEdits: EditHandlers<PolicyEdit> = {
  addPolicy(d, e) {
    d.addDocument(newPolicy(d, e.yaml));
  },
  replacePolicy(d, e) {
    const at = requirePolicy(d, e.policy);
    d.replace(at, newPolicy(d, e.yaml, e.policy));
  },
  removePolicy(d, e) {
    d.remove(requirePolicy(d, e.policy));
  },
};

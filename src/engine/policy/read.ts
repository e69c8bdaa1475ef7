/**
 * Reads the policy kinds from raw objects for scenario/load.ts:
 * NetworkPolicy (networking.k8s.io/v1, or projectcalico.org/v3 by its
 * apiVersion), GlobalNetworkPolicy and Namespace. A policy that fails
 * validation is an error naming object and field and is skipped; the rest
 * of the input still loads.
 */
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import type { RawObject } from '../scenario/parse';
import { refOf, validateObject } from '../scenario/validate';
import { policyFromCalico } from './fromCalico';
import { policyFromK8s } from './fromK8s';
import type { NamespaceSpec, Policy } from './model';
import { calicoPolicySchema, isCalicoApi, k8sNetworkPolicySchema, namespaceSchema } from './schemas';

export interface PolicyObjects {
  policies: Policy[];
  namespaces: NamespaceSpec[];
}

/** The key load.ts deduplicates by: a Calico NetworkPolicy and a Kubernetes one may share a name. */
export function policyKindKey(kind: string, raw: RawObject): string {
  return kind === 'NetworkPolicy' && isCalicoApi(raw.value.apiVersion) ? 'NetworkPolicy.projectcalico.org' : kind;
}

/** Reads `raw` when it is a policy kind or a Namespace; returns false for any other kind. */
export function readPolicyObject(kind: string, raw: RawObject, into: PolicyObjects, diags: Diagnostic[]): boolean {
  if (kind === 'Namespace') {
    const v = validateObject(namespaceSchema, raw, diags);
    if (v) into.namespaces.push({ ref: { kind: 'Namespace', name: v.metadata.name }, name: v.metadata.name, labels: v.metadata.labels });
    return true;
  }
  if (kind !== 'NetworkPolicy' && kind !== 'GlobalNetworkPolicy') return false;
  const calico = kind === 'GlobalNetworkPolicy' || isCalicoApi(raw.value.apiVersion);
  if (!calico) {
    const v = validateObject(k8sNetworkPolicySchema, raw, diags);
    if (!v) return true;
    const namespace = v.metadata.namespace ?? 'default';
    into.policies.push(policyFromK8s(v, { kind: 'NetworkPolicy', namespace, name: v.metadata.name }, namespace));
    return true;
  }
  const v = validateObject(calicoPolicySchema, raw, diags);
  if (!v) return true;
  const namespace = kind === 'GlobalNetworkPolicy' ? undefined : (v.metadata.namespace ?? 'default');
  const ref: ObjectRef = namespace === undefined ? { kind, name: v.metadata.name } : { kind, namespace, name: v.metadata.name };
  const object = refOf(raw);
  const p = policyFromCalico(v, ref, namespace, (severity, field, message) => {
    const path = field.split(/[.[\]]/).filter(Boolean).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
    diags.push({ severity, code: severity === 'error' ? 'invalid-field' : 'not-modelled', object, field, line: raw.lineOf(path), message });
  });
  if (p) into.policies.push(p);
  return true;
}

/**
 * Reads the text of one policy object, as a what-if edit gives it (issue
 * 13): a networking.k8s.io/v1 NetworkPolicy or a projectcalico.org/v3
 * NetworkPolicy / GlobalNetworkPolicy, checked by the scenario loader's own
 * steps (parse, names as the API server checks them, the policy schemas and
 * conversion of policy/read.ts). Anything else is an error diagnostic that
 * names the object and field; no policy is read then.
 */
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import { isCalicoApi, K8S_NETWORK_POLICY_API } from '../model/policyApi';
import { namesValid } from '../scenario/load';
import { parseScenarioText, type RawObject } from '../scenario/parse';
import { refOf } from '../scenario/validate';
import type { NamespaceSpec, Policy } from './model';
import { readPolicyObject } from './read';

function kindProblem(raw: RawObject): { field: string; message: string } | undefined {
  const { kind, apiVersion } = raw.value;
  if (kind !== 'NetworkPolicy' && kind !== 'GlobalNetworkPolicy') {
    return { field: 'kind', message: `is ${typeof kind === 'string' ? kind : 'missing'}; a policy edit takes a NetworkPolicy (${K8S_NETWORK_POLICY_API} or projectcalico.org/v3) or a GlobalNetworkPolicy (projectcalico.org/v3)` };
  }
  const calico = isCalicoApi(apiVersion);
  // The API server serves each kind only under its group: kubectl refuses the object under any other apiVersion.
  if (kind === 'GlobalNetworkPolicy' ? !calico : !calico && apiVersion !== K8S_NETWORK_POLICY_API) {
    return { field: 'apiVersion', message: `${typeof apiVersion === 'string' ? apiVersion : 'a missing apiVersion'} does not serve ${kind}; use ${kind === 'NetworkPolicy' ? `${K8S_NETWORK_POLICY_API} or ` : ''}projectcalico.org/v3` };
  }
  return undefined;
}

/** Reads `text` as exactly one policy object: the policy, or none with the errors in `diagnostics` (warnings too). */
export function readOnePolicy(text: string): { policy?: Policy; diagnostics: Diagnostic[] } {
  const parsed = parseScenarioText(text);
  const diagnostics = [...parsed.diagnostics];
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics };
  if (parsed.objects.length !== 1) {
    const second = parsed.objects[1];
    const object: ObjectRef | undefined = second ? refOf(second) : undefined;
    diagnostics.push({ severity: 'error', code: 'invalid-field', ...(object ? { object } : {}), ...(second?.line ? { line: second.line } : {}), message: `the text holds ${parsed.objects.length} objects; a policy edit takes exactly one` });
    return { diagnostics };
  }
  const raw = parsed.objects[0]!;
  const wrong = kindProblem(raw);
  if (wrong) {
    diagnostics.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: wrong.field, line: raw.lineOf([wrong.field]), message: wrong.message });
    return { diagnostics };
  }
  const kind = raw.value.kind as string;
  if (!namesValid(kind, raw, diagnostics)) return { diagnostics };
  const into = { policies: [] as Policy[], namespaces: [] as NamespaceSpec[] };
  readPolicyObject(kind, raw, into, diagnostics);
  const policy = into.policies[0];
  return policy && !diagnostics.some((d) => d.severity === 'error') ? { policy, diagnostics } : { diagnostics };
}

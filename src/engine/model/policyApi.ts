/**
 * Which API a policy object comes from, by its apiVersion: the loader reads
 * it (policy/read.ts) and the policy edits name policies by it (edit/policies.ts).
 */

/** The Kubernetes API group and version that serves NetworkPolicy. */
export const K8S_NETWORK_POLICY_API = 'networking.k8s.io/v1';

/** Whether an object's apiVersion is Calico's (projectcalico.org/…, also crd.projectcalico.org from a CRD dump). */
export function isCalicoApi(apiVersion: unknown): boolean {
  return typeof apiVersion === 'string' && /(^|\.)projectcalico\.org\//.test(apiVersion);
}

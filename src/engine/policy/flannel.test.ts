/**
 * Flannel enforces no NetworkPolicy: the packet a default deny would drop
 * under Calico is delivered, and the trace says which policies are ignored.
 */
import { describe, expect, it } from 'vitest';
import { FLANNEL_VXLAN_YAML } from '../presets/flannel';
import { fromYaml, trace } from '../testing/traceHelpers';

const DENY = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: default-deny, namespace: demo }
spec: { podSelector: {}, policyTypes: [Ingress, Egress] }
`;

describe('NetworkPolicy on flannel', () => {
  const c = fromYaml(FLANNEL_VXLAN_YAML + DENY);

  it('delivers, and says at both pods that the policy exists but is not enforced', () => {
    const t = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    const steps = t.steps.filter((s) => s.explain.key === 'policy.notEnforced');
    expect(steps.map((s) => [s.explain.params.pod, s.explain.params.direction, s.explain.params.policies])).toEqual([
      ['demo/net', 'egress', 'demo/default-deny'],
      ['demo/hello', 'ingress', 'demo/default-deny'],
    ]);
    expect(t.warnings).toContainEqual({ code: 'policy-not-enforced', params: { pod: 'demo/net', policies: 'demo/default-deny' } });
  });

  it('says nothing where no policy selects the pod', () => {
    const t = trace(fromYaml(FLANNEL_VXLAN_YAML), { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.steps.some((s) => s.explain.key === 'policy.notEnforced')).toBe(false);
    expect(t.warnings ?? []).toEqual([]);
  });
});

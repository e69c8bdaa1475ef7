/**
 * Editing NetworkPolicies (issue 13): add from YAML, replace, remove. The
 * worker checks the text with the loader's policy reader and the edit
 * refuses duplicates; a refused text is answered with diagnostics that name
 * the object and field, and nothing is applied.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS, loadScenarioText } from '../engine/index';
import { fromYaml, trace } from '../engine/testing/traceHelpers';
import { editPatch } from '../worker/edits.worker';
import { EXAMPLE_POLICY } from '../ui/edit/PoliciesForm';
import { editableModel } from './editableModel';
import { EditError, applyEdit, type Edit } from './edits';
import type { Diagnostic } from '../engine/index';

const preset = (name: string): string => PRESETS.find((p) => p.name === name)!.yaml;
const LAB = preset('k8s-lab');

const K8S_DENY = `# denies everything into hello
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: deny-hello
  namespace: demo
spec:
  podSelector:
    matchLabels: {app: hello}
  policyTypes: [Ingress]
`;

/** Why the worker refuses an edit (fails the test when it applies): the message and the diagnostics the panel lists. */
function refusal(text: string, edit: Edit): { error: string; diagnostics?: Diagnostic[] } {
  const answer = editPatch(text, edit);
  if ('error' in answer) return answer;
  throw new Error('the edit was applied');
}

const loaded = (text: string) => {
  const r = loadScenarioText(text, 'edited');
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.scenario!;
};

const toHello = (text: string, from = 'web') => trace(fromYaml(text), { src: `pod:demo/${from}`, dst: 'pod:demo/hello', proto: 'tcp' });

describe('policy edits', () => {
  it('the example policy added on the lab turns web → hello from delivered to a drop naming it; removing it delivers again', () => {
    expect(toHello(LAB).verdict).toBe('delivered');
    const added = applyEdit(LAB, { op: 'addPolicy', yaml: EXAMPLE_POLICY });
    const t = toHello(added);
    expect(t.verdict).not.toBe('delivered');
    const deny = t.steps.find((s) => s.explain.key === 'policy.deny');
    expect(deny?.explain.params.policy).toContain('deny-web-to-hello');
    expect(deny?.rule?.owner).toMatchObject({ kind: 'NetworkPolicy', namespace: 'demo', name: 'deny-web-to-hello' });
    // net → hello is still allowed by the example's second rule.
    expect(toHello(added, 'net').verdict).toBe('delivered');

    const removed = applyEdit(added, { op: 'removePolicy', policy: { kind: 'np', namespace: 'demo', name: 'deny-web-to-hello' } });
    expect(removed).toBe(LAB.replace(/\n*$/, '\n'));
    expect(toHello(removed).verdict).toBe('delivered');
  });

  it('adds a Kubernetes NetworkPolicy with its comment; the edit forms list it with its text', () => {
    const text = applyEdit(LAB, { op: 'addPolicy', yaml: K8S_DENY });
    expect(text).toContain('# denies everything into hello');
    const model = editableModel(loaded(text), text);
    expect(model.policies).toEqual([{ id: { kind: 'knp', namespace: 'demo', name: 'deny-hello' }, order: 1000, tier: 'default', yaml: expect.stringContaining('name: deny-hello') }]);
    expect(model.policies[0]!.yaml).toContain('# denies everything into hello');
    expect(toHello(text).steps.some((s) => s.explain.key === 'policy.defaultDeny' && String(s.explain.params.policy).includes('deny-hello'))).toBe(true);
  });

  it("lists a preset's policies in Felix's order with each one's text", () => {
    const text = preset('k8s-main-before');
    const model = editableModel(loaded(text), text);
    expect(model.policies.map((p) => p.id.name)).toEqual(['allow-clients-to-hello', 'allow-nodes-to-hello', 'default-deny']);
    expect(model.policies.every((p) => p.assumption && p.yaml.startsWith('apiVersion: networking.k8s.io/v1') && p.yaml.includes(`name: ${p.id.name}`))).toBe(true);
  });

  it('replaces a policy in place (the other documents keep their text) and may rename it', () => {
    const text = applyEdit(LAB, { op: 'addPolicy', yaml: K8S_DENY });
    const allowWeb = K8S_DENY.replace('policyTypes: [Ingress]', 'policyTypes: [Ingress]\n  ingress:\n  - from:\n    - podSelector: {matchLabels: {app: web}}');
    const replaced = applyEdit(text, { op: 'replacePolicy', policy: { kind: 'knp', namespace: 'demo', name: 'deny-hello' }, yaml: allowWeb });
    expect(replaced.startsWith(LAB.replace(/\n*$/, '\n'))).toBe(true);
    expect(toHello(replaced).verdict).toBe('delivered');
    expect(toHello(replaced, 'net').verdict).toBe('dropped');
    const renamed = applyEdit(replaced, { op: 'replacePolicy', policy: { kind: 'knp', namespace: 'demo', name: 'deny-hello' }, yaml: K8S_DENY.replace('deny-hello', 'deny-hello-2') });
    expect(editableModel(loaded(renamed), renamed).policies.map((p) => p.id.name)).toEqual(['deny-hello-2']);
  });

  it('edits a policy that is an item of a kubectl List', () => {
    const list = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { addresses: [{ type: 'InternalIP', address: '10.0.0.5' }] } }] });
    const added = applyEdit(list, { op: 'addPolicy', yaml: K8S_DENY });
    expect(loaded(added).networkPolicies.map((p) => p.id)).toEqual(['knp/demo/deny-hello']);
    const replaced = applyEdit(added, { op: 'replacePolicy', policy: { kind: 'knp', namespace: 'demo', name: 'deny-hello' }, yaml: K8S_DENY.replace('[Ingress]', '[Ingress, Egress]') });
    expect(loaded(replaced).networkPolicies[0]!.egress).toEqual([]);
    expect(loaded(applyEdit(replaced, { op: 'removePolicy', policy: { kind: 'knp', namespace: 'demo', name: 'deny-hello' } })).networkPolicies).toEqual([]);
  });
});

describe('refused policy texts: the worker answers why, with diagnostics naming object and field, and applies nothing', () => {
  it('YAML that does not parse', () => {
    const e = refusal(LAB, { op: 'addPolicy', yaml: 'kind: NetworkPolicy\nmetadata: {name: x\n' });
    expect(e.diagnostics?.[0]).toMatchObject({ severity: 'error', code: 'yaml-syntax' });
  });

  it('a kind other than a policy, and a policy kind under the wrong apiVersion', () => {
    const svc = refusal(LAB, { op: 'addPolicy', yaml: 'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: demo}\n' });
    expect(svc.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-field', object: { kind: 'Service', namespace: 'demo', name: 'web' }, field: 'kind', line: 2 })]);
    const api = refusal(LAB, { op: 'addPolicy', yaml: K8S_DENY.replace('networking.k8s.io/v1', 'v1') });
    expect(api.diagnostics).toEqual([expect.objectContaining({ object: { kind: 'NetworkPolicy', namespace: 'demo', name: 'deny-hello' }, field: 'apiVersion' })]);
    const gnp = refusal(LAB, { op: 'addPolicy', yaml: 'apiVersion: networking.k8s.io/v1\nkind: GlobalNetworkPolicy\nmetadata: {name: g}\n' });
    expect(gnp.diagnostics?.[0]?.field).toBe('apiVersion');
  });

  it('a field the schema refuses, an invalid name, a bad Calico selector', () => {
    const port = refusal(LAB, { op: 'addPolicy', yaml: `${K8S_DENY}  ingress:\n  - ports:\n    - port: 99999\n` });
    expect(port.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-field', object: { kind: 'NetworkPolicy', namespace: 'demo', name: 'deny-hello' }, field: 'spec.ingress[0].ports[0].port', line: 13 })]);
    expect(port.error).toMatch(/NetworkPolicy demo\/deny-hello spec\.ingress\[0\]\.ports\[0\]\.port/);
    const name = refusal(LAB, { op: 'addPolicy', yaml: K8S_DENY.replace('deny-hello', 'Deny_Hello') });
    expect(name.diagnostics?.[0]).toMatchObject({ field: 'metadata.name' });
    const selector = refusal(LAB, { op: 'addPolicy', yaml: EXAMPLE_POLICY.replace("app == 'hello'", "app == 'hello' &&") });
    expect(selector.diagnostics?.[0]).toMatchObject({ object: { kind: 'NetworkPolicy', name: 'deny-web-to-hello' }, field: 'spec.selector' });
  });

  it('more than one object, or none (the edit itself refuses them too)', () => {
    expect(refusal(LAB, { op: 'addPolicy', yaml: `${K8S_DENY}---\n${EXAMPLE_POLICY}` }).diagnostics?.[0]?.message).toMatch(/2 objects/);
    expect(refusal(LAB, { op: 'addPolicy', yaml: '# nothing\n' }).diagnostics?.[0]?.message).toMatch(/0 objects/);
    expect(() => applyEdit(LAB, { op: 'addPolicy', yaml: `${K8S_DENY}---\n${EXAMPLE_POLICY}` })).toThrow(EditError);
    expect(() => applyEdit(LAB, { op: 'addPolicy', yaml: 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n' })).toThrow(/no policy/);
  });

  it('a duplicate name; a Calico and a Kubernetes NetworkPolicy may share one', () => {
    const text = applyEdit(LAB, { op: 'addPolicy', yaml: K8S_DENY });
    const dup = refusal(text, { op: 'addPolicy', yaml: K8S_DENY });
    expect(dup.diagnostics).toEqual([expect.objectContaining({ code: 'duplicate-object', object: { kind: 'NetworkPolicy', namespace: 'demo', name: 'deny-hello' }, field: 'metadata.name' })]);
    const calico = applyEdit(text, { op: 'addPolicy', yaml: EXAMPLE_POLICY.replace('deny-web-to-hello', 'deny-hello') });
    expect(loaded(calico).networkPolicies.map((p) => p.id).sort()).toEqual(['knp/demo/deny-hello', 'np/demo/deny-hello']);
    // Renaming onto another policy is a duplicate too.
    const two = applyEdit(text, { op: 'addPolicy', yaml: K8S_DENY.replace('deny-hello', 'other') });
    expect(refusal(two, { op: 'replacePolicy', policy: { kind: 'knp', namespace: 'demo', name: 'other' }, yaml: K8S_DENY }).diagnostics?.[0]?.code).toBe('duplicate-object');
  });

  it('a policy that is not there', () => {
    expect(refusal(LAB, { op: 'removePolicy', policy: { kind: 'gnp', name: 'nope' } }).error).toBe('GlobalNetworkPolicy nope is not in the scenario');
    expect(() => applyEdit(LAB, { op: 'replacePolicy', policy: { kind: 'knp', namespace: 'demo', name: 'nope' }, yaml: K8S_DENY })).toThrow(/not in the scenario/);
  });

  it('a good text passes the check and becomes a patch', () => {
    expect(editPatch(LAB, { op: 'addPolicy', yaml: K8S_DENY })).toEqual({ patch: expect.any(Array) });
  });
});

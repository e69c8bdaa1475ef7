/**
 * Issue 12 item 10: configuration with which the CNI never creates the
 * Windows node's HNS network shows in traces, not only in readiness: the
 * trace stops at the missing network with the readiness finding as reason.
 */
import { describe, expect, it } from 'vitest';
import { FLANNEL_VXLAN_YAML } from '../presets/flannel';
import { checkReadiness } from '../readiness/check';
import { compileScenario } from '../trace/cluster';
import { loadScenarioText } from '../scenario/load';
import { fromYaml, trace } from '../testing/traceHelpers';
import { lab } from '../testing/windowsFixtures';

function readinessIds(yaml: string): string[] {
  const r = loadScenarioText(yaml, 'test');
  return checkReadiness(r.scenario!, compileScenario(r.scenario!), { planWindows: false, diagnostics: r.diagnostics }).map((f) => f.id);
}

describe('a Windows node whose HNS network the CNI never creates', () => {
  it('flannel VXLAN with VNI 1: a Linux pod → the Windows pod stops at the missing network (finding flannel-vni)', () => {
    const yaml = FLANNEL_VXLAN_YAML.replace('"VNI": 4096', '"VNI": 1');
    const t = trace(fromYaml(yaml), { src: 'pod:demo/net', dst: 'pod:demo/web', dport: 80 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'windows-network-missing', params: { finding: 'flannel-vni' } } });
    expect(readinessIds(yaml)).toContain('flannel-vni');
  });

  it('Calico VXLANVNI 1: the Windows pod cannot send (C25 ensureVxlanNetworkExists refuses)', () => {
    const c = lab((y) => y, '---\napiVersion: projectcalico.org/v3\nkind: FelixConfiguration\nmetadata: {name: default}\nspec: {vxlanVNI: 1}\n');
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'windows-network-missing', params: { finding: 'calico-vxlan-vni' } } });
  });

  it('Calico CrossSubnet pool: the same stop, marked as an assumption (the docs do not say how it fails)', () => {
    const c = lab((y) => y.replace('encapsulation: VXLAN', 'encapsulation: VXLANCrossSubnet'));
    const t = trace(c, { src: 'pod:demo/web', dst: 'pod:demo/iis', dport: 80 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'windows-network-missing', params: { finding: 'vxlan-crosssubnet' } } });
    expect(t.steps.at(-1)?.rule?.assumption).toBe(true);
  });
});

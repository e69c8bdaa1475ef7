/**
 * Issue 15: readiness and the trace agree. Wherever readiness reports an
 * error that leaves a Windows pod's path broken (the CNI never creates the
 * node's HNS network: windows/networkMissing.ts), every flow to or from that
 * node's pods stops with the same finding as its reason; and a trace never
 * names a finding readiness does not report. Over every preset and edited
 * copies of the lab and flannel clusters, one misconfiguration or two at once.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { FLANNEL_VXLAN_YAML } from '../presets/flannel';
import { loadScenarioText } from '../scenario/load';
import { compileScenario, type CompiledCluster } from '../trace/cluster';
import { trace } from '../testing/traceHelpers';
import { labYaml } from '../testing/windowsFixtures';
import { checkReadiness } from './check';

/** Readiness findings that leave a path broken: the reasons windows/networkMissing.ts stops a trace with. */
const PATH_BREAKING = new Set(['flannel-vni', 'flannel-port', 'ipip-pool', 'vxlan-crosssubnet', 'calico-vxlan-vni', 'calico-vxlan-port']);

const felix = (spec: string) => `---\napiVersion: projectcalico.org/v3\nkind: FelixConfiguration\nmetadata: {name: default}\nspec: ${spec}\n`;
const same = (y: string) => y;

const SCENARIOS: [string, string][] = [
  ...PRESETS.map((p): [string, string] => [p.name, p.yaml]),
  ['lab, VXLANVNI 1', labYaml(same, felix('{vxlanVNI: 1}'))],
  ['lab, VXLAN port 4790', labYaml(same, felix('{vxlanPort: 4790}'))],
  ['lab, VNI 1 and port 4790', labYaml(same, felix('{vxlanVNI: 1, vxlanPort: 4790}'))],
  ['lab, CrossSubnet pool', labYaml((y) => y.replace('encapsulation: VXLAN', 'encapsulation: VXLANCrossSubnet'))],
  ['lab, IPIP pool', labYaml((y) => y.replace('encapsulation: VXLAN', 'encapsulation: IPIP'))],
  ['flannel, VNI 1', FLANNEL_VXLAN_YAML.replace('"VNI": 4096', '"VNI": 1')],
  ['flannel, port 8472', FLANNEL_VXLAN_YAML.replace('"Port": 4789', '"Port": 8472')],
  ['flannel, VNI 1 and port 8472', FLANNEL_VXLAN_YAML.replace('"VNI": 4096, "Port": 4789', '"VNI": 1, "Port": 8472')],
];

/** Every Windows pod to the first Linux pod and back: the paths a broken HNS network cuts. */
function windowsPaths(c: CompiledCluster): { src: string; dst: string }[] {
  const s = c.scenario;
  const os = new Map(s.nodes.map((n) => [n.name, n.os]));
  const pods = s.pods.filter((p) => !p.hostNetwork);
  const linux = pods.find((p) => os.get(p.nodeName) === 'linux');
  if (!linux) return [];
  const l = `pod:${linux.namespace}/${linux.name}`;
  return pods.filter((p) => os.get(p.nodeName) === 'windows').flatMap((w) => [
    { src: `pod:${w.namespace}/${w.name}`, dst: l },
    { src: l, dst: `pod:${w.namespace}/${w.name}` },
  ]);
}

describe('readiness and the trace agree on what breaks a Windows pod’s path', () => {
  for (const [name, yaml] of SCENARIOS) {
    it(name, () => {
      const r = loadScenarioText(yaml, name);
      expect(r.scenario, name).toBeTruthy();
      const c = compileScenario(r.scenario!);
      const errors = new Set<string>(checkReadiness(r.scenario!, c, { diagnostics: r.diagnostics }).filter((f) => f.severity === 'error').map((f) => f.id));
      const breaking = [...errors].filter((id) => PATH_BREAKING.has(id));
      const paths = windowsPaths(c);
      const windowsNodes = new Set(r.scenario!.nodes.filter((n) => n.os === 'windows').map((n) => n.name));
      for (const req of paths) {
        const t = trace(c, { ...req, dport: 80 });
        const finding = t.reason?.code === 'windows-network-missing' ? String(t.reason.params?.finding) : undefined;
        const where = `${req.src} → ${req.dst}: ${t.verdict} ${t.reason?.code ?? ''}`;
        // The trace names a finding only when readiness reports it as an error.
        if (finding) expect(errors.has(finding), `${where} names ${finding}, readiness: ${[...errors].join(', ') || 'none'}`).toBe(true);
        // Readiness reports a path-breaking error: a path that reaches the Windows node stops there with one of
        // those findings as reason. One that stops earlier (a Linux node with no route to the Windows block: an IPIP
        // pool without BGP) fails for that earlier reason, and must not be delivered.
        const reached = t.steps.some((st) => windowsNodes.has(st.node ?? ''));
        if (breaking.length && reached) expect(breaking, `${where}; readiness: ${breaking.join(', ')}`).toContain(finding);
        if (breaking.length) expect(t.verdict, where).not.toBe('delivered');
      }
      if (name.includes(',')) expect(breaking.length && paths.length, `${name}: the edit breaks a path`).toBeGreaterThan(0);
    });
  }
});

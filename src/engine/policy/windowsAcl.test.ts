/**
 * Felix for Windows' HNS ACLs on k8s-lab's Windows pods: the golden list on
 * an endpoint, the entry count of every rule, the skipped and the
 * both-selector rules, and what VFP's ACL layer decides in a trace.
 */
import { describe, expect, it } from 'vitest';
import { fromYaml, trace } from '../testing/traceHelpers';
import { PRESETS } from '../presets/catalog';
import { nodeStateViews } from '../trace/cluster';
import type { WindowsNodeState } from '../windows/state';
import type { HnsAclPolicy } from '../windows/hns';
import { viewEndpoints } from './endpoints';
import { felixEndpointAcls, ruleToAcls } from './windowsAcl';
import { MAIN_POLICIES_YAML, WIN_POLICIES_YAML } from './testdata/labPolicies';

const lab = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;
const c = fromYaml(lab + MAIN_POLICIES_YAML + WIN_POLICIES_YAML);
const win = c.nodes.get('k8s-lab-win-1') as WindowsNodeState;
const aclsOf = (ip: string): HnsAclPolicy[] => win.endpoints.find((e) => e.IPAddress === ip)!.Policies.filter((p): p is HnsAclPolicy => p.Type === 'ACL');
const ids = (policy: string) => expect.stringMatching(new RegExp(`^${policy.replace(/[/.]/g, '\\$&')}-[A-Za-z0-9_-]{16}-0$`));

describe('HNS ACLs Felix for Windows writes', () => {
  it('golden: demo/web (172.21.41.6) with the preset policy set and the Windows policies', () => {
    expect(aclsOf('172.21.41.6')).toEqual([
      { Type: 'ACL', Id: 'allow-host-to-endpoint', Protocol: 256, Action: 'Allow', Direction: 'In', RemoteAddresses: '192.168.10.25/32,172.21.41.2/32', RuleType: 'Switch', Priority: 900 },
      { Type: 'ACL', Id: ids('policy-KubernetesNetworkPolicy/demo/allow-hello-to-web'), Protocol: 6, Action: 'Allow', Direction: 'In', RemoteAddresses: '172.21.211.8/32', LocalPorts: '80', RuleType: 'Switch', Priority: 1000 },
      // ingress[1] (ipBlock with except) has no entry: negated matches are skipped on Windows.
      { Type: 'ACL', Id: '', Protocol: 256, Action: 'Block', Direction: 'In', RuleType: 'Switch', Priority: 1001 },
      { Type: 'ACL', Id: '', Protocol: 256, Action: 'Allow', Direction: 'In', RuleType: 'Host', Priority: 0 },
      { Type: 'ACL', Id: ids('policy-NetworkPolicy/demo/web-egress'), Protocol: 6, Action: 'Block', Direction: 'Out', RemotePorts: '9000', RuleType: 'Switch', Priority: 1000 },
      { Type: 'ACL', Id: ids('policy-NetworkPolicy/demo/web-egress'), Protocol: 256, Action: 'Allow', Direction: 'Out', LocalAddresses: '172.21.41.6/32,172.21.41.5/32', RemoteAddresses: '172.21.211.8/32', RuleType: 'Switch', Priority: 1001 },
      { Type: 'ACL', Id: ids('policy-NetworkPolicy/demo/web-egress'), Protocol: 17, Action: 'Allow', Direction: 'Out', RemotePorts: '53', RuleType: 'Switch', Priority: 1002 },
      { Type: 'ACL', Id: '', Protocol: 256, Action: 'Block', Direction: 'Out', RuleType: 'Switch', Priority: 1003 },
      { Type: 'ACL', Id: '', Protocol: 256, Action: 'Allow', Direction: 'Out', RuleType: 'Host', Priority: 0 },
      { Type: 'ACL', Id: 'default-deny-in', Protocol: 256, Action: 'Block', Direction: 'In', RuleType: 'Switch', Priority: 65500 },
    ]);
  });

  it('golden: a pod no policy selects gets the namespace profile, then the Block, in each direction', () => {
    const plain = fromYaml(lab);
    const w = plain.nodes.get('k8s-lab-win-1') as WindowsNodeState;
    const acls = w.endpoints.find((e) => e.IPAddress === '172.21.41.6')!.Policies.filter((p): p is HnsAclPolicy => p.Type === 'ACL');
    expect(acls.map((a) => `${a.Direction} ${a.Action} ${a.RuleType} ${a.Priority} ${a.Id.replace(/-[A-Za-z0-9_-]{16}-0$/, '')}`)).toEqual([
      'In Allow Switch 900 allow-host-to-endpoint',
      'In Allow Switch 1000 profile-kns.demo',
      'In Block Switch 1001 ',
      'In Allow Host 0 ',
      'Out Allow Switch 1000 profile-kns.demo',
      'Out Block Switch 1001 ',
      'Out Allow Host 0 ',
      'In Block Switch 65500 default-deny-in',
    ]);
  });

  it('the preset policy set, rule by rule: one entry each (addresses of all selected pods joined in one entry)', () => {
    const all = viewEndpoints(c.view);
    const counts = c.scenario.networkPolicies.flatMap((p) => (['ingress', 'egress'] as const).flatMap((d) => (p[d] ?? []).map((r) => `${p.id} ${r.field} ${ruleToAcls(r, p, d, all).entries.length}${ruleToAcls(r, p, d, all).skipped ? ` ${ruleToAcls(r, p, d, all).skipped}` : ''}`)));
    expect(counts).toEqual([
      'knp/demo/allow-clients-to-hello spec.ingress[0].from[0] 1',
      'knp/demo/allow-nodes-to-hello spec.ingress[0].from[0] 1',
      'knp/demo/allow-hello-to-web spec.ingress[0].from[0] 1',
      'knp/demo/allow-hello-to-web spec.ingress[1].from[0] 0 negated-match',
      'np/demo/web-egress spec.egress[0] 1',
      'np/demo/web-egress spec.egress[1] 1',
      'np/demo/web-egress spec.egress[2] 1',
    ]);
  });

  it('splits addresses into chunks of 4000: 4001 selected pods and 2 ports → 2 entries', () => {
    const all = Array.from({ length: 4001 }, (_, i) => ({ pod: `demo/p${i}`, namespace: 'demo', node: 'n', ip: `10.${(i >> 8) & 255}.${i & 255}.1`, labels: { app: 'x' }, namespaceLabels: {}, namedPorts: [] }));
    const p = c.scenario.networkPolicies.find((x) => x.id === 'knp/demo/allow-hello-to-web')!;
    const r = { ...p.ingress![0]!, source: { ...p.ingress![0]!.source, selector: { op: 'eq' as const, key: 'app', value: 'x' } } };
    expect(ruleToAcls(r, p, 'ingress', all).entries.map((e) => e.RemoteAddresses!.split(',').length)).toEqual([4000, 1]);
  });

  it('Pass becomes Block (the last tier), Log and named ports are skipped', () => {
    const p = c.scenario.networkPolicies.find((x) => x.id === 'np/demo/web-egress')!;
    const all = viewEndpoints(c.view);
    const r0 = p.egress![0]!;
    expect(ruleToAcls({ ...r0, action: 'Pass' }, p, 'egress', all).entries[0]!.Action).toBe('Block');
    expect(ruleToAcls({ ...r0, action: 'Log' }, p, 'egress', all)).toEqual({ entries: [], skipped: 'log' });
    expect(ruleToAcls({ ...r0, destination: { ...r0.destination, ports: [{ kind: 'named', name: 'http' }] } }, p, 'egress', all)).toEqual({ entries: [], skipped: 'named-port' });
    const web = all.find((e) => e.pod === 'demo/web')!;
    expect(felixEndpointAcls(web, [], all, []).map((a) => a.origin.kind)).toEqual(['profile', 'endOfTier', 'hostScope', 'profile', 'endOfTier', 'hostScope']);
  });

  it('warns on the skipped rule and on the rule with both selectors, saying how to split it', () => {
    const w = c.diagnostics.filter((d) => d.code === 'windows-policy');
    expect(w.map((d) => `${d.object!.name} ${d.field!}`)).toEqual(['allow-hello-to-web spec.ingress[1].from[0]', 'web-egress spec.egress[1]']);
    expect(w[1]!.message).toContain("egress rule to app == 'hello' only");
    const view = nodeStateViews(c, 'k8s-lab-win-1').find((v) => v.id === 'hns-acl')!.text;
    expect(view).toContain('NetworkPolicy demo/web-egress spec.egress[1]: 1 entry (on demo/web, demo/iis)\n  WARNING: source and destination selectors in one rule; split it');
    expect(view).toContain('Host endpoints (policy for the node itself) are not supported on Windows');
    expect(view).toContain('Id              : allow-host-to-endpoint');
  });
});

describe("VFP's ACL layer in a trace", () => {
  it('ingress at the destination: hello → web:80 allowed by the rule, named; the reply passes by the unified flow', () => {
    const t = trace(c, { src: 'pod:demo/hello', dst: 'pod:demo/web', dport: 80 });
    expect(t.verdict).toBe('delivered');
    const allow = t.steps.find((s) => s.explain.key === 'policy.aclAllow')!;
    expect(allow.node).toBe('k8s-lab-win-1');
    expect(allow.explain.params).toMatchObject({ pod: 'demo/web', direction: 'ingress', policy: 'NetworkPolicy demo/allow-hello-to-web', rule: 'spec.ingress[0].from[0]', priority: 1000 });
    expect(allow.rule?.owner).toEqual({ kind: 'NetworkPolicy', namespace: 'demo', name: 'allow-hello-to-web' });
    expect(t.reply?.verdict).toBe('delivered');
    expect(t.reply!.steps.filter((s) => s.at.layer === 'ACL_ENDPOINT_LAYER')).toEqual([]);
  });

  it("another port: the end-of-tier Block drops it at web's port", () => {
    const t = trace(c, { src: 'pod:demo/hello', dst: 'pod:demo/web', dport: 81 });
    expect(t.verdict).toBe('dropped');
    expect(t.steps.find((s) => s.explain.key === 'policy.aclDefaultDeny')?.explain.params).toMatchObject({ pod: 'demo/web', direction: 'ingress', priority: 1001 });
    // The verdict names the policies that select web, which the end-of-tier Block closes.
    expect(t.reason).toMatchObject({ code: 'policy-acl-default-deny', params: { pod: 'demo/web', direction: 'ingress', priority: 1001, node: 'k8s-lab-win-1' } });
    expect(t.reason?.params.policy).toContain('NetworkPolicy demo/allow-hello-to-web');
  });

  it('egress at the source: the Calico Deny blocks web → hello:9000 before it leaves the Windows node', () => {
    const t = trace(c, { src: 'pod:demo/web', dst: 'pod:demo/hello', dport: 9000 });
    expect(t.verdict).toBe('dropped');
    const block = t.steps.find((s) => s.explain.key === 'policy.aclBlock')!;
    expect(block.node).toBe('k8s-lab-win-1');
    expect(block.explain.params).toMatchObject({ direction: 'egress', policy: 'NetworkPolicy demo/web-egress', rule: 'spec.egress[0]' });
    expect(t.reason).toMatchObject({ code: 'policy-acl-block', params: { policy: 'NetworkPolicy demo/web-egress', rule: 'spec.egress[0]', pod: 'demo/web', direction: 'egress', node: 'k8s-lab-win-1' } });
    expect(t.steps.some((s) => s.node === 'k8s-lab-node-1')).toBe(false);
  });

  it('without policies the ACL layer allows by the namespace profile (detail level)', () => {
    const t = trace(fromYaml(lab), { src: 'pod:demo/hello', dst: 'pod:demo/web', dport: 80 });
    expect(t.verdict).toBe('delivered');
    expect(t.steps.find((s) => s.explain.key === 'policy.aclProfile')).toMatchObject({ level: 'detail', explain: { params: { namespace: 'demo', direction: 'ingress' } } });
  });
});

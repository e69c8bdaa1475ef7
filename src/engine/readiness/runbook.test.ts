/**
 * The seed's migration runbook built from a scenario (issue 17, "Readiness as
 * the seed's runbook"): step order, preconditions against the scenario, the
 * seed's commands, before/after routes from the model, the expected outputs,
 * rollback only before a Windows node joins, the API host from kubeadm-config,
 * and Markdown that a hostile name cannot break out of.
 */
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { buildRunbook } from './runbook';
import { mdFence, mdText, runbookMarkdown } from './runbookMarkdown';

const before = loadPreset('k8s-main-before').scenario!;
const stepOf = (rb: ReturnType<typeof buildRunbook>, id: string) => rb.steps.find((s) => s.id === id)!;

describe('buildRunbook', () => {
  const rb = buildRunbook(before);

  it('follows the article: step 0, 1, 2, 3, the settings after, 4, rollback, the test cluster', () => {
    expect(rb.steps.map((s) => s.id)).toEqual(['step-0', 'step-1', 'step-2', 'step-3', 'windows-settings', 'step-4', 'rollback', 'test-cluster']);
  });

  it('gives the seed commands, filled and quoted, and checks the preconditions against the scenario', () => {
    expect(stepOf(rb, 'step-1').commands).toEqual([`kubectl patch ipamconfigurations default --type merge -p '{"spec":{"strictAffinity":true}}'`]);
    expect(stepOf(rb, 'step-2').commands).toEqual([`kubectl patch installation default --type=json -p '[{"op":"replace","path":"/spec/calicoNetwork/ipPools/0/encapsulation","value":"VXLAN"}]'`]);
    expect(stepOf(rb, 'step-3').commands[0]).toBe(`kubectl patch installation default --type=merge -p '{"spec":{"calicoNetwork":{"bgp":"Disabled"}}}'`);
    expect(stepOf(rb, 'step-1').preconditions).toEqual([expect.objectContaining({ met: true })]);
    expect(rb.steps.filter((s) => s.status === 'done')).toEqual([]);
  });

  it('shows what step 2 changes on a worker: routes to other blocks move from ens18 to vxlan.calico (the seed\'s ip route | grep vxlan)', () => {
    const ch = stepOf(rb, 'step-2').changes!;
    expect(ch.node).toBe('k8s-node-1');
    expect(ch.before.some((l) => /^172\.20\.\S+ via 192\.168\.10\.\d+ dev ens18 proto 80 onlink$/.test(l))).toBe(true);
    const vxlan = stepOf(rb, 'step-2').verify.find((v) => v.command === 'ip route | grep vxlan')!.expect.split('\n');
    expect(vxlan.length).toBe(2);
    for (const l of vxlan) expect(l).toMatch(/^172\.20\.\S+\/26 via 172\.20\.\S+ dev vxlan\.calico onlink mtu 1450$/);
    expect(stepOf(rb, 'step-4').verify.map((v) => v.command)).toEqual(['ip route | grep 172.20', 'sudo calicoctl node status', 'sudo tcpdump -ni ens18 udp port 4789']);
    expect(stepOf(rb, 'step-4').manual.map((m) => m.key)).toEqual(['runbook.manual.udp4789', 'runbook.manual.tcp179', 'runbook.manual.hostNetworkSource']);
  });

  it('after the migration the steps are done; with a Windows node the rollback is blocked', () => {
    const after = buildRunbook(loadPreset('k8s-main-after').scenario!);
    expect(['step-1', 'step-2', 'step-3'].map((id) => stepOf(after, id).status)).toEqual(['done', 'done', 'done']);
    const lab = buildRunbook(loadPreset('k8s-lab').scenario!);
    expect(lab.windowsJoined).toBe(true);
    expect(stepOf(lab, 'rollback').status).toBe('blocked');
    expect(stepOf(rb, 'rollback').commands).toEqual([`kubectl patch installation default --type=merge -p '{"spec":{"calicoNetwork":{"bgp":"Enabled"}}}'`, `kubectl patch installation default --type=json -p '[{"op":"replace","path":"/spec/calicoNetwork/ipPools/0/encapsulation","value":"VXLANCrossSubnet"}]'`]);
  });

  it('kubernetes-services-endpoint gets kubeadm-config\'s controlPlaneEndpoint; a hostile value stays quoted', () => {
    const cm = (ep: string) => `\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: kubeadm-config, namespace: kube-system }\ndata:\n  ClusterConfiguration: |\n    controlPlaneEndpoint: ${ep}\n`;
    const s = loadScenarioText(`${PRESET_YAML}${cm('k8s-api.example.com:6443')}`).scenario!;
    const ws = stepOf(buildRunbook(s), 'windows-settings');
    expect(ws.verify[0]!.expect).toBe('k8s-api.example.com');
    expect(ws.commands[1]).toContain(`'  KUBERNETES_SERVICE_HOST: "k8s-api.example.com"'`);
    const evil = loadScenarioText(`${PRESET_YAML}${cm("\"x'; rm -rf / #\"")}`).scenario!;
    const cmd = stepOf(buildRunbook(evil), 'windows-settings').commands[1]!;
    // The value stays inside one single-quoted word: the quote is closed, escaped and reopened.
    expect(cmd).toContain(`'  KUBERNETES_SERVICE_HOST: "x'\\''; rm -rf / #"'`);
  });
});

const PRESET_YAML = (await import('../presets/catalog')).PRESETS.find((p) => p.name === 'k8s-main-before')!.yaml;

describe('runbookMarkdown', () => {
  it('escapes scenario text and fences that content cannot close', () => {
    expect(mdText('a [link](http://x) <b>*x*</b>\n- y')).toBe('a \\[link\\](http://x) \\<b\\>\\*x\\*\\</b\\> - y');
    expect(mdText('- list')).toBe('\\- list');
    expect(mdFence('```\nx')).toBe('````\n```\nx\n````');
  });

  it('renders every step with the catalogue texts', () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}${params && Object.keys(params).length ? JSON.stringify(params) : ''}`;
    const md = runbookMarkdown(buildRunbook(before), 'k8s-main-before', t);
    for (const id of ['step-0', 'step-1', 'step-2', 'step-3', 'windows-settings', 'step-4', 'rollback', 'test-cluster']) expect(md).toContain(`## runbook.step.${id}`);
    expect(md).toContain('$ sudo tcpdump -ni ens18 udp port 4789');
  });
});

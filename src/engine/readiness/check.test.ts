/**
 * Windows readiness: the seed's migration of the main cluster (part 37,
 * «Альтернатива: перевод существующего кластера») is the ground truth — what
 * it fixes is what `k8s-main-before` must report, with its `kubectl patch`
 * lines; the lab cluster (built for Windows) and the migrated cluster report
 * none of it. One test per other check, on small edits of the presets.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/scenario';
import { PRESETS } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { compileScenario } from '../trace/cluster';
import { checkReadiness } from './check';
import type { Finding } from './types';

const MIGRATION_IDS = ['strict-affinity', 'vxlan-crosssubnet', 'bgp-with-vxlan', 'windows-dataplane', 'service-cidrs', 'services-endpoint-configmap'];

function yamlOf(name: string): string {
  return PRESETS.find((p) => p.name === name)!.yaml;
}

function load(yaml: string): { scenario: Scenario; diagnostics: ReturnType<typeof loadScenarioText>['diagnostics'] } {
  const r = loadScenarioText(yaml);
  if (!r.scenario) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return { scenario: r.scenario, diagnostics: r.diagnostics };
}

function check(yaml: string, planWindows = false): Finding[] {
  const { scenario, diagnostics } = load(yaml);
  return checkReadiness(scenario, compileScenario(scenario), { planWindows, diagnostics });
}

function ids(fs: Finding[]): string[] {
  return fs.map((f) => f.id);
}

describe('k8s-main-before (planWindows): what the seed migration fixes', () => {
  const fs = check(yamlOf('k8s-main-before'), true);

  it('reports strictAffinity, VXLANCrossSubnet, BGP, windowsDataplane and the ConfigMap, in the seed order', () => {
    expect(ids(fs)).toEqual(['strict-affinity', 'vxlan-crosssubnet', 'bgp-with-vxlan', 'windows-dataplane', 'services-endpoint-configmap']);
    expect(fs.every((f) => f.severity === 'error' && f.source.length > 0)).toBe(true);
  });

  it('gives the seed\'s kubectl patch lines, filled with the scenario\'s names', () => {
    const cmd = (id: string): string[] | undefined => fs.find((f) => f.id === id)?.fix?.commands;
    expect(cmd('strict-affinity')).toEqual([`kubectl patch ipamconfigurations default --type merge -p '{"spec":{"strictAffinity":true}}'`]);
    expect(cmd('vxlan-crosssubnet')).toEqual([`kubectl patch installation default --type=json -p '[{"op":"replace","path":"/spec/calicoNetwork/ipPools/0/encapsulation","value":"VXLAN"}]'`]);
    expect(cmd('bgp-with-vxlan')).toEqual([`kubectl patch installation default --type=merge -p '{"spec":{"calicoNetwork":{"bgp":"Disabled"}}}'`]);
    expect(fs.find((f) => f.id === 'strict-affinity')!.fix!.commandsFrom).toBe('seed');
    expect(fs.find((f) => f.id === 'windows-dataplane')!.fix!.commandsFrom).toBe('derived');
  });

  it('names the objects concerned and i18n keys', () => {
    const f = fs.find((x) => x.id === 'vxlan-crosssubnet')!;
    expect(f.objects).toEqual([{ kind: 'IPPool', name: 'default-ipv4-ippool' }]);
    expect(f.why).toEqual({ key: 'readiness.vxlan-crosssubnet.why', params: { pool: 'default-ipv4-ippool' } });
    const cm = fs.find((x) => x.id === 'services-endpoint-configmap')!;
    expect(cm.fix!.manifest).toContain('namespace: tigera-operator');
  });

  it('without planWindows and without a Windows node there is nothing to check', () => {
    expect(check(yamlOf('k8s-main-before'))).toEqual([]);
  });

  it('the serviceCIDRs check fires when the Installation has none', () => {
    const y = yamlOf('k8s-main-before').replace('  serviceCIDRs:\n  - 10.96.0.0/12\n', '');
    const f = check(y, true).find((x) => x.id === 'service-cidrs')!;
    expect(f.fix!.commands).toEqual([`kubectl patch installation default --type=merge -p '{"spec":{"serviceCIDRs":["10.96.0.0/12"]}}'`]);
  });
});

describe('clusters that are ready', () => {
  it('k8s-main-after: none of the migration findings; rollback still possible', () => {
    const fs = check(yamlOf('k8s-main-after'), true);
    for (const id of ['strict-affinity', 'vxlan-crosssubnet', 'bgp-with-vxlan', 'services-endpoint-configmap', 'service-cidrs']) expect(ids(fs)).not.toContain(id);
    expect(ids(fs).filter((id) => MIGRATION_IDS.includes(id))).toEqual([]);
    expect(fs.find((f) => f.id === 'rollback-before-join')!.fix!.commands).toEqual([
      `kubectl patch installation default --type=merge -p '{"spec":{"calicoNetwork":{"bgp":"Enabled"}}}'`,
      `kubectl patch installation default --type=json -p '[{"op":"replace","path":"/spec/calicoNetwork/ipPools/0/encapsulation","value":"VXLANCrossSubnet"}]'`,
    ]);
  });

  it('k8s-lab (has a Windows node): only infos — maxPods unknown, rollback impossible', () => {
    const fs = check(yamlOf('k8s-lab'));
    expect(fs.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(ids(fs)).toEqual(['windows-max-pods-unknown', 'rollback-impossible']);
    expect(fs[0]!.why.params).toMatchObject({ node: 'k8s-lab-win-1', usable: 60, block: '172.21.41.0/26' });
  });
});

describe('each check', () => {
  const lab = yamlOf('k8s-lab');
  const withWinPods = (pods: number): string =>
    lab.replace('    kernelVersion: 10.0.26100.4061\n', `    kernelVersion: 10.0.26100.4061\n  capacity: {pods: "${pods}"}\n`);

  it('maxPods above the 60 usable addresses of a /26 is a warning; 60 is fine', () => {
    expect(check(withWinPods(110)).find((f) => f.id === 'windows-max-pods')).toMatchObject({ severity: 'warning', why: { params: { maxPods: 110, usable: 60 } } });
    expect(ids(check(withWinPods(60)))).toEqual(['rollback-impossible']);
  });

  it('IPIP pools', () => {
    const fs = check(lab.replace('encapsulation: VXLAN\n', 'encapsulation: IPIP\n'));
    expect(fs.find((f) => f.id === 'ipip-pool')).toMatchObject({ severity: 'error', objects: [{ kind: 'IPPool', name: 'default-ipv4-ippool' }] });
  });

  it('BGP without encapsulation: RRAS and route reflectors (info); nodes on two networks need an external BGP router', () => {
    const y = lab.replace('bgp: Disabled', 'bgp: Enabled').replace('encapsulation: VXLAN\n', 'encapsulation: None\n');
    const fs = check(y);
    expect(ids(fs)).toEqual(expect.arrayContaining(['l2bridge-rras', 'l2bridge-route-reflectors']));
    expect(ids(fs)).not.toContain('l2bridge-l2-adjacency');
    expect(ids(fs)).not.toContain('bgp-with-vxlan');
  });

  it('IPv6 objects from the load diagnostics', () => {
    const y = `${lab}---\napiVersion: v1\nkind: Pod\nmetadata: {name: v6, namespace: demo}\nspec: {nodeName: k8s-lab-node-1}\nstatus: {podIP: "fd00::5"}\n`;
    expect(check(y).find((f) => f.id === 'ipv6')).toMatchObject({ objects: [{ kind: 'Pod', namespace: 'demo', name: 'v6' }] });
  });

  it('Calico VNI below 4096 and a port other than 4789', () => {
    const y = `${lab}---\napiVersion: projectcalico.org/v3\nkind: FelixConfiguration\nmetadata: {name: default}\nspec: {vxlanVNI: 1, vxlanPort: 8472}\n`;
    expect(ids(check(y))).toEqual(expect.arrayContaining(['calico-vxlan-vni', 'calico-vxlan-port']));
  });

  it('Flannel VXLAN: VNI ≥ 4096, port 4789, no DirectRouting', () => {
    const cm = (conf: string): string =>
      `---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: kube-flannel-cfg, namespace: kube-flannel}\ndata:\n  net-conf.json: '${conf}'\n`;
    const bad = check(`${lab}${cm('{"Network":"172.21.0.0/16","Backend":{"Type":"vxlan","VNI":1,"Port":8472,"DirectRouting":true}}')}`);
    expect(ids(bad)).toEqual(expect.arrayContaining(['flannel-vni', 'flannel-port', 'flannel-directrouting']));
    const good = check(`${lab}${cm('{"Network":"172.21.0.0/16","Backend":{"Type":"vxlan","VNI":4096,"Port":4789}}')}`);
    expect(ids(good).filter((i) => i.startsWith('flannel'))).toEqual([]);
  });

  it('no Linux worker (only a control plane)', () => {
    const y = lab.replaceAll('kubernetes.io/os: linux', 'kubernetes.io/os: linux\n    node-role.kubernetes.io/control-plane: ""');
    expect(check(y).find((f) => f.id === 'linux-worker')).toMatchObject({ severity: 'error' });
  });

  it('the ConfigMap in kube-system instead of tigera-operator', () => {
    const y = lab.replace('  namespace: tigera-operator\ndata:', '  namespace: kube-system\ndata:');
    expect(ids(check(y))).toContain('services-endpoint-namespace');
  });

  it('strictAffinity off and a Linux pod with an address from the Windows block', () => {
    const y = `${lab.replace('strictAffinity: true', 'strictAffinity: false')}---\napiVersion: v1\nkind: Pod\nmetadata: {name: borrower, namespace: demo}\nspec: {nodeName: k8s-lab-node-1}\nstatus: {podIP: 172.21.41.20}\n`;
    const fs = check(y);
    expect(ids(fs)).toContain('strict-affinity');
    expect(fs.find((f) => f.id === 'borrowed-from-windows-block')).toMatchObject({ why: { params: { pod: 'demo/borrower', owner: 'k8s-lab-win-1', block: '172.21.41.0/26' } } });
  });

  it('a pod on a reserved address of the Windows block', () => {
    const y = `${lab}---\napiVersion: v1\nkind: Pod\nmetadata: {name: bad, namespace: demo}\nspec: {nodeName: k8s-lab-win-1}\nstatus: {podIP: 172.21.41.63}\n`;
    expect(check(y).find((f) => f.id === 'windows-reserved-address-used')).toMatchObject({ why: { params: { ip: '172.21.41.63' } } });
  });
});

/**
 * The printed iptables tables against the real `iptables-restore --test`
 * (Debian's iptables, nf_tables backend), inside a fresh network namespace
 * (`unshare -n`), so the host's rules are never read or changed: upstream's
 * overall services, and a node of k8s-lab with kube-proxy in iptables mode.
 * `npm test` installs iptables first; without iptables-restore the checks are
 * skipped with a message, and under CI=true they fail (src/testing/tools.ts).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toolOrSkip } from '../../../testing/tools';
import { PRESETS } from '../../presets/catalog';
import { loadScenarioText } from '../../scenario/load';
import { compileScenario } from '../../trace/cluster';
import { OVERALL_INPUT } from '../nft/testdata/upstream';
import { compileKubeProxyIptables } from '../proxy/iptables/kubeProxyIptables';
import { formatIpsetSave } from '../ipset';
import { printIptablesSave } from './format';

const HAVE = toolOrSkip('iptables-restore', 'iptables') !== undefined;
const HAVE_IPSET = HAVE && toolOrSkip('ipset', 'ipset') !== undefined;

function restoreTest(text: string): void {
  execFileSync('unshare', ['-n', 'iptables-restore', '--test'], { input: `${text}\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

/** The sets first (`ipset restore`, in the same fresh namespace), then the rules that match on them. */
function restoreTestWithSets(sets: string, text: string): void {
  const script = 'ipset restore <<"SETS"\n' + sets + '\nSETS\niptables-restore --test <<"RULES"\n' + text + '\nRULES\n';
  execFileSync('unshare', ['-n', 'sh', '-e'], { input: script, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

describe.skipIf(!HAVE)('iptables-restore --test accepts our text', () => {
  it('upstream TestOverallIPTablesRules services (ETP Local, LB source ranges, affinity, no endpoints, localhost NodePorts)', () => {
    expect(() => restoreTest(printIptablesSave(compileKubeProxyIptables({ ...OVERALL_INPUT, nodePortAddresses: [], localhostNodePorts: true }).iptables))).not.toThrow();
  });

  it('k8s-lab with mode "" (kubeadm default): every Linux node', () => {
    const yaml = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml.replace('mode: nftables', 'mode: ""');
    const c = compileScenario(loadScenarioText(yaml).scenario!);
    const linux = c.scenario.nodes.filter((n) => n.os === 'linux');
    expect(linux.length).toBeGreaterThan(0);
    for (const n of linux) {
      const st = c.nodes.get(n.name)!;
      expect(st.kind).toBe('linux');
      if (st.kind === 'linux') expect(() => restoreTest(printIptablesSave(st.iptables))).not.toThrow();
    }
  });

  it.skipIf(!HAVE_IPSET)('k8s-lab-kubeadm (kube-proxy iptables + Felix iptables, raw/mangle/filter/nat, cali40 ipsets); and with VXLAN and IPIP pools', () => {
    const kubeadm = PRESETS.find((p) => p.name === 'k8s-lab-kubeadm')!.yaml;
    for (const yaml of [kubeadm, kubeadm.replace('encapsulation: None', 'encapsulation: VXLAN'), kubeadm.replace('encapsulation: None', 'encapsulation: IPIP')]) {
      const c = compileScenario(loadScenarioText(yaml).scenario!);
      for (const n of c.scenario.nodes.filter((x) => x.os === 'linux')) {
        const st = c.nodes.get(n.name)!;
        if (st.kind !== 'linux') continue;
        expect(st.ipsets.length).toBeGreaterThan(0);
        expect(() => restoreTestWithSets(formatIpsetSave(st.ipsets), printIptablesSave(st.iptables))).not.toThrow();
      }
    }
  });
});

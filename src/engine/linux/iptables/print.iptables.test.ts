/**
 * The printed iptables tables against the real `iptables-restore --test`
 * (Debian's iptables, nf_tables backend), inside a fresh network namespace
 * (`unshare -n`), so the host's rules are never read or changed: upstream's
 * overall services, and a node of k8s-lab with kube-proxy in iptables mode.
 * Skipped, with a message, when iptables-restore is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../presets/catalog';
import { loadScenarioText } from '../../scenario/load';
import { compileScenario } from '../../trace/cluster';
import { OVERALL_INPUT } from '../nft/testdata/upstream';
import { compileKubeProxyIptables } from '../proxy/iptables/kubeProxyIptables';
import { printIptablesSave } from './format';

const HAVE = spawnSync('sh', ['-c', 'command -v iptables-restore'], { encoding: 'utf8' }).status === 0;
if (!HAVE) console.warn('print.iptables.test: no iptables-restore; skipping the checks against real iptables');

function restoreTest(text: string): void {
  execFileSync('unshare', ['-n', 'iptables-restore', '--test'], { input: `${text}\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
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
});

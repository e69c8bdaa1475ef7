/**
 * Golden test against kube-proxy's own expected rules: upstream's
 * TestOverallIPTablesRules (kubernetes pkg/proxy/iptables/proxier_test.go,
 * the same six services as the nftables test input in nft/testdata/upstream.ts,
 * node 192.168.0.2, detect-local 10.0.0.0/8, nodePortAddresses unset,
 * localhostNodePorts on). kube-proxy-overall.iptables is upstream's expected
 * text written out by hand with two differences: the MASQUERADE rule has
 * `--random-fully` (the fake iptables in upstream's test lacks it, every real
 * kernel ≥ 3.13 has it) and ns2/svc2's health-check node port rule is absent
 * (the scenario model has no healthCheckNodePort). Built-in chains are
 * compared apart, as upstream's test does not list them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OVERALL_INPUT } from '../../nft/testdata/upstream';
import { printIptablesSave } from '../../iptables/format';
import type { IptablesTable } from '../../iptables/ruleset';
import { compileKubeProxyIptables } from './kubeProxyIptables';
import { endpointChain, probability, serviceChains } from './names';

const INPUT = { ...OVERALL_INPUT, nodePortAddresses: [], localhostNodePorts: true };

/** The tables without their built-in chains (what upstream's expected text lists). */
function withoutBuiltins(ts: IptablesTable[]): IptablesTable[] {
  return ts.map((t) => ({ ...t, chains: t.chains.filter((c) => !c.base) }));
}

describe('kube-proxy iptables: upstream TestOverallIPTablesRules', () => {
  const rules = compileKubeProxyIptables(INPUT);

  it('prints the expected filter and nat tables line for line', () => {
    const want = readFileSync(new URL('./kube-proxy-overall.iptables', import.meta.url), 'utf8').trimEnd();
    expect(printIptablesSave(withoutBuiltins(rules.iptables))).toBe(want);
  });

  it('hooks its chains from the built-in chains in Prepend order, KUBE-FIREWALL first', () => {
    const text = printIptablesSave(rules.iptables);
    const input = text.split('\n').filter((l) => l.startsWith('-A INPUT'));
    expect(input).toEqual([
      '-A INPUT -j KUBE-FIREWALL',
      '-A INPUT -m conntrack --ctstate NEW -m comment --comment "kubernetes load balancer firewall" -j KUBE-PROXY-FIREWALL',
      '-A INPUT -m comment --comment "kubernetes health check service ports" -j KUBE-NODEPORTS',
      '-A INPUT -m conntrack --ctstate NEW -m comment --comment "kubernetes externally-visible service portals" -j KUBE-EXTERNAL-SERVICES',
    ]);
    expect(text).toContain('-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES');
    expect(text).toContain('-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING');
    expect(rules.sysctls).toEqual({ 'net.ipv4.conf.all.route_localnet': '1' });
  });

  it('chain-name hashes and probabilities as kube-proxy computes them', () => {
    expect(serviceChains('ns1/svc1:p80', 'tcp').cluster).toBe('KUBE-SVC-XPGD46QRK7WJZT7O');
    expect(endpointChain('ns1/svc1:p80', 'tcp', '10.180.0.1:80')).toBe('KUBE-SEP-SXIVWICOYRO3J4NJ');
    expect([5, 4, 3, 2].map(probability)).toEqual(['0.2000000000', '0.2500000000', '0.3333333333', '0.5000000000']);
  });

  it('without localhost NodePorts: no KUBE-FIREWALL, no 127.0.0.0/8 rules, loopback excluded from the NodePort tail call', () => {
    const text = printIptablesSave(compileKubeProxyIptables({ ...INPUT, localhostNodePorts: false }).iptables);
    expect(text).not.toContain('KUBE-FIREWALL');
    expect(text).not.toContain('--dport 3001 -m nfacct');
    expect(text).toContain('-m addrtype --dst-type LOCAL ! -d 127.0.0.0/8 -j KUBE-NODEPORTS');
  });
});

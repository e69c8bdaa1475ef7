/**
 * Felix's iptables dataplane on k8s-lab-kubeadm (kube-proxy iptables,
 * Calico iptables, BGP): chain names, the dispatch tree, the policy seam,
 * and traces through the cali-* chains with kernel semantics.
 *
 * IP plan: node-1 192.168.10.24 (demo/hello 172.21.211.8), node-2
 * 192.168.10.26 (demo/net 172.21.172.5); internet 203.0.113.10.
 */
import { describe, expect, it } from 'vitest';
import { printIptablesSave } from '../../../iptables/format';
import { iptablesWalkTable } from '../../../iptables/evaluate';
import { walkHook } from '../../../nft/evaluate';
import { preset, trace } from '../../../../testing/traceHelpers';
import { lengthLimitedId, workloadChains, type WorkloadEndpoint } from './endpoints';

const ep = (iface: string): WorkloadEndpoint => ({ iface, namespace: 'demo', pod: `demo/${iface}`, ref: { kind: 'Pod', namespace: 'demo', name: iface }, serviceAccount: 'default' });
const node1 = () => {
  const st = preset('k8s-lab-kubeadm').nodes.get('k8s-lab-node-1')!;
  if (st.kind !== 'linux') throw new Error('linux node expected');
  return st;
};

describe('Felix chain names', () => {
  it('GetLengthLimitedID: as felix/hashutils id_test.go', () => {
    expect(lengthLimitedId('felix', '1234', 10)).toBe('felix1234');
    expect(lengthLimitedId('felix', '123456', 11)).toBe('felix123456');
    expect(lengthLimitedId('felix', '_2345', 10)).toBe('felix_kMQI');
    expect(lengthLimitedId('felix', '12345678910', 13)).toBe('felix_Y2QCZIS');
  });

  it('dispatch: interfaces sharing the next character get a child chain, the rest a goto in the root', () => {
    const chains = workloadChains([ep('caliab1'), ep('caliab2'), ep('calic3')]);
    const text = (name: string) => chains.find((c) => c.name === name)!.rules.map((r) => printIptablesSave([{ name: 'filter', chains: [{ name, rules: [r], source: '' }], source: '' }]).split('\n').at(-2));
    expect(text('cali-from-wl-dispatch')).toEqual(['-A cali-from-wl-dispatch -i calia+ -g cali-from-wl-dispatch-a', '-A cali-from-wl-dispatch -i calic3 -g cali-fw-calic3', '-A cali-from-wl-dispatch -m comment --comment "Unknown interface" -j DROP']);
    expect(text('cali-to-wl-dispatch-a')).toEqual(['-A cali-to-wl-dispatch-a -o caliab1 -g cali-tw-caliab1', '-A cali-to-wl-dispatch-a -o caliab2 -g cali-tw-caliab2', '-A cali-to-wl-dispatch-a -m comment --comment "Unknown interface" -j DROP']);
  });

  it('policy seam: a tier block goes after the mark clearing and encap drops, before the profiles', () => {
    const block = { rules: [{ args: [{ kind: 'comment' as const, text: 'Start of tier default' }], target: { kind: 'MARK-xset' as const, value: 0, mask: 0x20000 }, source: 'test' }], chains: [{ name: 'cali-po-default/deny', rules: [], source: 'test' }] };
    const chains = workloadChains([ep('caliab1')], (_e, dir) => (dir === 'egress' ? block : undefined));
    const fw = chains.find((c) => c.name === 'cali-fw-caliab1')!.rules;
    const at = fw.findIndex((r) => r.source === 'test');
    expect(fw[at - 1]!.args.some((a) => a.kind === 'protocol' && a.name === 'ipencap')).toBe(true);
    expect(fw[at + 1]!.target).toEqual({ kind: 'jump', chain: 'cali-pro-kns.demo' });
    expect(chains.some((c) => c.name === 'cali-po-default/deny')).toBe(true);
    expect(chains.find((c) => c.name === 'cali-tw-caliab1')!.rules.some((r) => r.source === 'test')).toBe(false);
  });
});

describe('k8s-lab-kubeadm: Felix in iptables mode', () => {
  it('Felix jumps come first in the built-in chains; nat POSTROUTING and the FORWARD accept come after kube-proxy', () => {
    const text = printIptablesSave(node1().iptables);
    const lines = (chain: string) => text.split('\n').filter((l) => l.startsWith(`-A ${chain} `));
    expect(lines('INPUT')[0]).toBe('-A INPUT -j cali-INPUT');
    expect(lines('FORWARD')[0]).toBe('-A FORWARD -j cali-FORWARD');
    expect(lines('FORWARD').slice(-2)).toEqual(['-A FORWARD -m comment --comment "Policy explicitly accepted packet." -m mark --mark 0x10000/0x10000 -j ACCEPT', '-A FORWARD -j MARK --set-xmark 0x10000/0x10000']);
    expect(lines('POSTROUTING').at(-1)).toBe('-A POSTROUTING -j cali-POSTROUTING');
    expect(text).toContain('-A cali-nat-outgoing -m set --match-set cali40masq-ipam-pools src -m set ! --match-set cali40all-ipam-pools dst -j MASQUERADE --random-fully');
    expect(node1().ipsets.map((s) => [s.name, s.members.map((m) => m.entry)])).toEqual([['cali40all-ipam-pools', ['172.21.0.0/16']], ['cali40masq-ipam-pools', ['172.21.0.0/16']]]);
  });

  it('pod → pod across nodes: cali-fw- on the sender, cali-tw- on the receiver, accepted by the accept mark at the end of FORWARD', () => {
    const t = trace(preset('k8s-lab-kubeadm'), { src: 'pod:demo/hello', dst: 'pod:demo/net', dport: 80 });
    expect(t.verdict).toBe('delivered');
    const chains = t.steps.filter((s) => s.at.component === 'netfilter').map((s) => `${s.node} ${s.at.chain}`);
    expect(chains).toContain('k8s-lab-node-1 cali-fw-cali4f041ee6e82');
    expect(chains).toContain('k8s-lab-node-2 cali-tw-cali4d7612d46be');
    const accepts = t.steps.filter((s) => s.action === 'accept' && s.at.chain === 'FORWARD');
    expect(accepts.map((s) => s.node)).toEqual(['k8s-lab-node-1', 'k8s-lab-node-2']);
    expect(accepts[0]!.rule?.text).toContain('Policy explicitly accepted packet.');
    expect(t.reply?.verdict).toBe('delivered');
  });

  it('pod → internet: masqueraded by cali-nat-outgoing through the pool ipsets', () => {
    const t = trace(preset('k8s-lab-kubeadm'), { src: 'pod:demo/hello', dst: '203.0.113.10', dport: 443 });
    const masq = t.steps.find((s) => s.action === 'masquerade')!;
    expect(masq.at.chain).toBe('cali-nat-outgoing');
    expect(t.wire[0]!.packet.headers.find((h) => h.kind === 'ipv4')).toMatchObject({ src: '192.168.10.24' });
  });

  it('a pod sending VXLAN (UDP 4789) is dropped in its cali-fw- chain', () => {
    const t = trace(preset('k8s-lab-kubeadm'), { src: 'pod:demo/hello', dst: '192.168.10.26', proto: 'udp', dport: 4789 });
    expect(t.verdict).toBe('dropped');
    const drop = t.steps.find((s) => s.action === 'drop')!;
    expect(drop.at.chain).toBe('cali-fw-cali4f041ee6e82');
    expect(drop.rule?.text).toContain('Drop VXLAN encapped packets originating in workloads');
  });

  it('raw cali-PREROUTING drops a workload packet whose source fails the reverse-path check', () => {
    const tables = node1().iptables.map(iptablesWalkTable);
    const pkt = { src: '172.21.172.5', dst: '203.0.113.10', proto: 'tcp' as const, sport: 40000, dport: 443, mark: 0, iif: 'cali4f041ee6e82', ctState: 'new' as const };
    const ctx = (ok: boolean) => ({ isLocalAddress: () => false, pick: () => 0, affinity: new Map(), reversePathOk: () => ok });
    const bad = walkHook(tables, 'prerouting', pkt, ctx(false), { skipNat: false });
    expect(bad.verdict).toBe('drop');
    expect(bad.hits.at(-1)!.ruleText).toBe('-A cali-PREROUTING -m mark --mark 0x40000/0x40000 -m rpfilter --validmark --invert -j DROP');
    expect(walkHook(tables, 'prerouting', pkt, ctx(true), { skipNat: false }).verdict).toBe('accept');
  });
});

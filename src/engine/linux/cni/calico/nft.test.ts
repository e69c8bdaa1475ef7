/**
 * Felix nftables table: names, sets, priorities and the rules that decide
 * NAT (the packet cases are in evaluate.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { CALICO_SET_ALL_POOLS, CALICO_SET_MASQ_POOLS, compileCalicoNft } from './nft';
import { formatRule } from '../../nft/format';
import { printNftTable } from '../../nft/print';
import { findChain, findSet } from '../../nft/ruleset';
import { CALICO_INPUT } from '../../nft/testdata/plan';

describe('compileCalicoNft', () => {
  const t = compileCalicoNft(CALICO_INPUT);

  it('puts every pool in the network set and natOutgoing pools in the masq set (≥3.31 names)', () => {
    expect(CALICO_SET_ALL_POOLS).toBe('cali40network-ip-pools');
    expect(findSet(t, CALICO_SET_ALL_POOLS)!.elements.map((e) => e.key[0])).toEqual(['10.244.0.0/16', '10.250.0.0/16']);
    expect(findSet(t, CALICO_SET_MASQ_POOLS)!.elements.map((e) => e.key[0])).toEqual(['10.244.0.0/16']);
  });

  it('writes the nat-outgoing and tunnel masquerade rules as Felix renders them', () => {
    expect(findChain(t, 'nat-cali-nat-outgoing')!.rules.map(formatRule)).toEqual([
      'ip saddr @cali40masq-ipam-pools ip daddr != @cali40network-ip-pools counter packets 0 bytes 0 masquerade fully-random',
    ]);
    expect(findChain(t, 'nat-cali-POSTROUTING')!.rules.map(formatRule)).toEqual([
      'counter packets 0 bytes 0 jump nat-cali-fip-snat',
      'counter packets 0 bytes 0 jump nat-cali-nat-outgoing',
      'oifname "vxlan.calico" fib saddr . oif type != local fib saddr type local counter packets 0 bytes 0 masquerade fully-random',
    ]);
  });

  it('hooks base chains at Felix priorities', () => {
    const text = printNftTable(t);
    expect(text).toContain('chain nat-POSTROUTING {\n\t\ttype nat hook postrouting priority srcnat + 10; policy accept;\n\t\tcounter packets 0 bytes 0 jump nat-cali-POSTROUTING');
    expect(text).toContain('chain nat-PREROUTING {\n\t\ttype nat hook prerouting priority dstnat; policy accept;');
    expect(text).toContain('chain filter-FORWARD {\n\t\ttype filter hook forward priority filter; policy accept;\n\t\tcounter packets 0 bytes 0 jump filter-cali-FORWARD');
  });

  it("without workloads the filter layer is Felix's static chains and empty dispatch maps", () => {
    expect(findChain(t, 'filter-cali-FORWARD')!.rules.map(formatRule)).toEqual([
      'counter packets 0 bytes 0 meta mark set meta mark & 0xffe5ffff',
      'iifname "cali*" counter packets 0 bytes 0 jump filter-cali-from-wl-dispatch',
      'oifname "cali*" counter packets 0 bytes 0 jump filter-cali-to-wl-dispatch',
    ]);
    expect(findChain(t, 'filter-cali-OUTPUT')!.rules.map(formatRule)).toEqual(['meta mark & 0x00010000 == 0x00010000 counter packets 0 bytes 0 accept', 'oifname "cali*" counter packets 0 bytes 0 return']);
    expect(findSet(t, 'filter-cali-from-wl-dispatch')!.elements).toEqual([]);
  });

  it('has an empty nat-outgoing chain when no pool masquerades, and no tunnel rule without VXLAN', () => {
    const u = compileCalicoNft({ ...CALICO_INPUT, pools: CALICO_INPUT.pools.map((p) => ({ ...p, natOutgoing: false })), vxlan: undefined });
    expect(findChain(u, 'nat-cali-nat-outgoing')!.rules).toEqual([]);
    expect(findChain(u, 'nat-cali-POSTROUTING')!.rules.map(formatRule)).toEqual(['counter packets 0 bytes 0 jump nat-cali-fip-snat', 'counter packets 0 bytes 0 jump nat-cali-nat-outgoing']);
    expect(findSet(u, CALICO_SET_MASQ_POOLS)!.elements).toEqual([]);
  });
});

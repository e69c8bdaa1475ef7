/**
 * Golden test: the services of upstream's TestOverallNFTablesRules
 * (kubernetes@81810de pkg/proxy/nftables/proxier_test.go), with its fake
 * proxier's settings (node "test-node" 192.168.0.2, detect-local 10.0.0.0/8,
 * service CIDR 172.30.0.0/16, nodeport-addresses 192.168.0.2/32, mark bit 14),
 * compiled and printed. kube-proxy-overall.nft was written by hand
 * from that test's expected `add …` lines, converted to `nft list` form
 * (same chain names, same rules, same elements).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileKubeProxyNft } from './kubeProxy';
import { endpointChainBase, servicePortChainBase, servicePortNameString } from './kubeProxyNames';
import { printNftRuleset } from '../../nft/print';
import { OVERALL_INPUT } from '../../nft/testdata/upstream';

const ns = (n: number) => `ns${n}`;

describe('kube-proxy names', () => {
  const k = (n: number, port = 'p80') => ({ namespace: ns(n), name: `svc${n}`, proto: 'tcp', port });
  it.each([
    [k(1), 'ULMVA6XW-ns1/svc1/tcp/p80'],
    [k(2), '42NFTM6N-ns2/svc2/tcp/p80'],
    [k(3), '4AT6LBPK-ns3/svc3/tcp/p80'],
    [k(4), 'LAUZTJTB-ns4/svc4/tcp/p80'],
    [k(5), 'HVFWP5L3-ns5/svc5/tcp/p80'],
    [k(2, 'p8080'), 'MHHHYRWA-ns2/svc2/tcp/p8080'],
  ])('service port %o hashes as upstream', (key, want) => {
    expect(servicePortChainBase(key)).toBe(want);
  });
  it.each([
    [k(1), '10.180.0.1', 80, '5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80'],
    [k(4), '10.180.0.5', 80, '5RFCDDV7-ns4/svc4/tcp/p80__10.180.0.5/80'],
    [k(5), '10.180.0.3', 80, 'GTK6MW7G-ns5/svc5/tcp/p80__10.180.0.3/80'],
    [k(2, 'p8080'), '10.0.2.1', 8080, '7RVP4LUQ-ns2/svc2/tcp/p8080__10.0.2.1/8080'],
  ])('endpoint %o %s:%d hashes as upstream', (key, ip, p, want) => {
    expect(endpointChainBase(key, ip, p)).toBe(want);
  });
  it('truncates names longer than 240 characters with "..."', () => {
    // Unreachable with valid IPv4 names (upstream notes only IPv6 endpoints could get there); exercised with overlong input.
    const long = { namespace: 'n'.repeat(100), name: 's'.repeat(63), proto: 'tcp', port: 'p'.repeat(63) };
    const base = endpointChainBase(long, '10.0.0.1', 65535);
    expect(base.length).toBe(240);
    expect(base.endsWith('...')).toBe(true);
  });
  it('formats the service port name as ns/svc:port, or ns/svc when unnamed', () => {
    expect(servicePortNameString(k(6))).toBe('ns6/svc6:p80');
    expect(servicePortNameString(k(6, ''))).toBe('ns6/svc6');
  });
});

describe('kube-proxy golden text', () => {
  it('matches the hand-written expectation derived from TestOverallNFTablesRules', () => {
    const want = readFileSync(new URL('./kube-proxy-overall.nft', import.meta.url), 'utf8');
    expect(printNftRuleset([compileKubeProxyNft(OVERALL_INPUT)])).toBe(want);
  });
});

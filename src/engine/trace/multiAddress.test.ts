/**
 * Issue 11 item 7: a node with several addresses. A packet for any address
 * the node holds enters that node (a secondary address of its NIC, or the
 * address of a further NIC on another Fabric subnet), and NodePorts answer on
 * the addresses kube-proxy's nodePortAddresses selects: `primary` (nftables
 * default) the primary address only, a CIDR list the local addresses inside
 * it, nothing (iptables default) every local address. The same flows run in
 * the kernel check (maddr-*, npa-*).
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../scenario/load';
import { multiAddressYaml, MULTI_NODE, NODE_PORT, SECONDARY_OTHER_SUBNET as FAR, SECONDARY_SAME_SUBNET as NEAR } from '../testing/multiAddress';
import { fromYaml, trace } from '../testing/traceHelpers';

const nft = fromYaml(multiAddressYaml({ mode: 'nftables' }));

describe('the node holds each of its addresses', () => {
  it('a secondary address of ens18 and a further NIC ens19 on the second subnet; the off-Fabric ExternalIP is reported, not held', () => {
    const st = nft.nodes.get(MULTI_NODE);
    if (st?.kind !== 'linux') throw new Error('linux node expected');
    expect(st.nic.addrs).toEqual(['192.168.10.20/24', `${NEAR}/24`]);
    expect(st.links.find((l) => l.name === 'ens19')).toMatchObject({ kind: 'physical', addrs: [`${FAR}/24`] });
    expect(st.routes.some((r) => r.dev === 'ens19' && r.dst.text === '192.168.20.0/24' && r.src === FAR)).toBe(true);
    const diags = loadScenarioText(multiAddressYaml({ mode: 'nftables' }), 't').diagnostics;
    expect(diags).toContainEqual(expect.objectContaining({ severity: 'info', code: 'not-modelled', field: 'status.addresses[3].address', object: { kind: 'Node', name: MULTI_NODE } }));
  });

  it('ping to the secondary address on the same subnet enters the node (it used to die at ARP)', () => {
    const t = trace(nft, { src: 'host:client', dst: NEAR, proto: 'icmp' });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ node: MULTI_NODE, ip: NEAR });
    expect(t.reply?.verdict).toBe('delivered');
  });

  it('the further NIC\'s address: from its own subnet directly, from elsewhere through the gateway; replies follow the routes', () => {
    const near = trace(nft, { src: 'host:faraway', dst: FAR, proto: 'udp', dport: 5353 });
    expect(near.wire.map((w) => `${w.from}>${w.to}`)).toEqual(['faraway>k8s-node-1']);
    expect(near.reply?.wire.map((w) => `${w.from}>${w.to}`)).toEqual(['k8s-node-1>faraway']);
    const far = trace(nft, { src: 'host:client', dst: FAR, proto: 'icmp' });
    expect(far.wire.map((w) => `${w.from}>${w.to}`)).toEqual(['client>gateway', 'gateway>k8s-node-1']);
    // No default route leaves by ens19: the reply goes out of ens18 straight to the client.
    expect(far.reply?.wire.map((w) => `${w.from}>${w.to}`)).toEqual(['k8s-node-1>client']);
  });

  it('a further address as --src is that node\'s stack', () => {
    const t = trace(nft, { src: FAR, dst: 'host:faraway', proto: 'icmp' });
    expect(t.flow.src).toMatchObject({ kind: 'node', name: MULTI_NODE });
    expect(t.verdict).toBe('delivered');
  });
});

describe('NodePorts on the addresses nodePortAddresses selects', () => {
  const served = (c: ReturnType<typeof fromYaml>, src: string, dst: string) => trace(c, { src, dst, proto: 'tcp', dport: NODE_PORT }).delivered?.pod;

  it('nftables, primary (the default): the primary address only', () => {
    expect(served(nft, 'host:client', 'node:k8s-node-1')).toMatch(/^demo\/hello/);
    expect(served(nft, 'host:client', NEAR)).toBeUndefined();
    expect(served(nft, 'host:faraway', FAR)).toBeUndefined();
  });

  it('nftables, a CIDR list: the local addresses inside it', () => {
    const c = fromYaml(multiAddressYaml({ mode: 'nftables', nodePortAddresses: ['192.168.20.0/24'] }));
    expect(served(c, 'host:faraway', FAR)).toMatch(/^demo\/hello/);
    expect(served(c, 'host:client', 'node:k8s-node-1')).toBeUndefined();
  });

  it('iptables, unset: every local address (addrtype LOCAL)', () => {
    const c = fromYaml(multiAddressYaml({ mode: 'iptables' }));
    for (const [src, dst] of [['host:client', 'node:k8s-node-1'], ['host:client', NEAR], ['host:faraway', FAR]] as const) expect(served(c, src, dst), dst).toMatch(/^demo\/hello/);
  });
});

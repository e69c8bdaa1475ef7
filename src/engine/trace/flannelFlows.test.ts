/**
 * Linux ↔ Linux flows on the flannel presets.
 *
 * IP plan: Network 10.244.0.0/16; node-1 192.168.10.31 (lease 10.244.0.0/24:
 * hello .2, coredns-1 .3, api .4), node-2 192.168.10.32 (lease 10.244.1.0/24:
 * net .2); demo/hello ClusterIP 10.97.141.163:80 → 8080, NodePort 30080;
 * gateway 192.168.10.1, client 192.168.10.50, internet 203.0.113.10.
 */
import { describe, expect, it } from 'vitest';
import { innerIp, outerIp, vxlanHeader } from '../model/packetOps';
import { preset, trace, wireLines } from '../testing/traceHelpers';

describe('flannel-vxlan', () => {
  const c = () => preset('flannel-vxlan');

  it('pod → pod across nodes: flannel.4096, VNI 4096, UDP 4789 between the node IPs, TTL 62', () => {
    const t = trace(c(), { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', seenSrcIp: '10.244.1.2', ttl: 62 });
    expect(t.steps.find((s) => s.node === 'node-2' && s.action === 'forward')!.rule?.text).toBe('10.244.0.0/24 via 10.244.0.0 dev flannel.4096 onlink');
    const enc = t.steps.find((s) => s.action === 'encapsulate')!;
    expect(enc.at.layer).toBe('flannel.4096');
    expect(enc.rule?.text).toMatch(/^10\.244\.0\.0 dev flannel\.4096 lladdr ([0-9a-f:]{17}) PERMANENT\n\1 dev flannel\.4096 dst 192\.168\.10\.31 self permanent$/);
    expect(t.wire).toHaveLength(1);
    const w = t.wire[0]!.packet;
    expect(outerIp(w)).toMatchObject({ src: '192.168.10.32', dst: '192.168.10.31' });
    expect(w.headers[2]).toMatchObject({ kind: 'udp', dport: 4789 });
    expect(vxlanHeader(w)).toEqual({ kind: 'vxlan', vni: 4096, flags: 0x08 });
    expect(t.steps.find((s) => s.action === 'decapsulate')).toMatchObject({ node: 'node-1', at: { layer: 'flannel.4096' } });
    expect(t.steps.find((s) => s.node === 'node-1' && s.action === 'transmit')).toMatchObject({ explain: { key: 'linux.transmitBridge' } });
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '10.244.0.2', ttl: 62 });
  });

  it('pod → pod on one node: bridged on cni0, no routing, TTL 64', () => {
    const t = trace(c(), { src: 'pod:demo/api', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', seenSrcIp: '10.244.0.4', ttl: 64 });
    expect(t.steps.some((s) => s.action === 'bridge' && s.explain.key === 'linux.bridgeForward')).toBe(true);
    expect(t.steps.some((s) => s.action === 'forward')).toBe(false);
    expect(t.wire).toEqual([]);
  });

  it('pod → internet: masqueraded to the node IP by kube-proxy-free flannel postrtg', () => {
    const t = trace(c(), { src: 'pod:demo/net', dst: 'host:internet', dport: 443 });
    expect(t.delivered).toMatchObject({ ip: '203.0.113.10', seenSrcIp: '192.168.10.32' });
    const masq = t.steps.find((s) => s.action === 'masquerade')!;
    expect(masq.at.table).toBe('ip flannel-ipv4');
    expect(masq.rule?.text).toBe('ip saddr 10.244.0.0/16 ip daddr != 224.0.0.0/4 masquerade fully-random');
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '203.0.113.10' });
  });

  it('pod → pod across nodes is not masqueraded (within the overlay)', () => {
    const t = trace(c(), { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.steps.some((s) => s.action === 'masquerade')).toBe(false);
  });

  it('host → remote pod leaves with the flannel.4096 address as source', () => {
    const t = trace(c(), { src: 'node:node-1', dst: 'pod:demo/net', proto: 'icmp' });
    expect(t.delivered).toMatchObject({ pod: 'demo/net', seenSrcIp: '10.244.0.0' });
    expect(t.reply?.delivered).toMatchObject({ node: 'node-1', ip: '10.244.0.0' });
  });

  it('client → NodePort on node-2, backend on node-1: kube-proxy masquerades to flannel.4096 of node-2', () => {
    const t = trace(c(), { src: 'host:client', dst: 'node:node-2', dport: 30080 });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', port: 8080, seenSrcIp: '10.244.1.0' });
    expect(wireLines(t)[1]).toMatch(/^node-2>node-1: IP 192\.168\.10\.32\.\d+ > 192\.168\.10\.31\.4789: VXLAN, flags \[I\] \(0x08\), vni 4096 \| IP 10\.244\.1\.0\.\d+ > 10\.244\.0\.2\.8080/);
    expect(t.reply?.delivered).toMatchObject({ ip: '192.168.10.50', seenSrcIp: '192.168.10.32', seenSrcPort: 30080 });
  });

  it('pod → ClusterIP with a local backend: DNAT, routed back out of cni0 (TTL 63)', () => {
    const t = trace(c(), { src: 'pod:demo/api', dst: 'svc:demo/hello' });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', port: 8080, seenSrcIp: '10.244.0.4', ttl: 63 });
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/api', seenSrcIp: '10.97.141.163', seenSrcPort: 80 });
  });
});

describe('flannel-host-gw', () => {
  const c = () => preset('flannel-host-gw');

  it('pod → pod across nodes: routed via the node IP on ens18, no encapsulation', () => {
    const t = trace(c(), { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', seenSrcIp: '10.244.1.2', ttl: 62 });
    expect(t.steps.find((s) => s.node === 'node-2' && s.action === 'forward')!.rule?.text).toBe('10.244.0.0/24 via 192.168.10.31 dev ens18');
    expect(t.wire).toHaveLength(1);
    expect(vxlanHeader(t.wire[0]!.packet)).toBeUndefined();
    expect(innerIp(t.wire[0]!.packet)).toMatchObject({ src: '10.244.1.2', dst: '10.244.0.2', ttl: 63 });
  });

  it('pod → internet: masqueraded to the node IP', () => {
    const t = trace(c(), { src: 'pod:demo/hello', dst: 'host:internet', proto: 'icmp' });
    expect(t.delivered).toMatchObject({ seenSrcIp: '192.168.10.31' });
  });
});

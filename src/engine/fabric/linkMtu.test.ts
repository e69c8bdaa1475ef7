/**
 * A Fabric machine meets its link's MTU as Linux does (the bug the generated
 * kernel check found: `host:internet → … udp size 1501` and
 * `host:client → host:internet icmp size 1401 DF` on MTU 1400 were sent whole).
 */
import { describe, expect, it } from 'vitest';
import { K8S_LAB_YAML } from '../presets/k8sLab';
import { fromYaml, preset, trace } from '../testing/traceHelpers';

/** k8s-lab with its node network at MTU 1400 (the uplink to `internet` stays 1500). */
const narrow = () => fromYaml(K8S_LAB_YAML.replace('    mtu: 1500\n', '    mtu: 1400\n'));

describe('a Fabric host sends on its link', () => {
  it('DF set (`ping -M do`) and larger than the link MTU: EMSGSIZE, nothing on the wire', () => {
    const t = trace(narrow(), { src: 'host:client', dst: 'host:internet', proto: 'icmp', size: 1401, df: true });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'mtu-exceeded-local', params: { mtu: 1400, size: 1401, host: 'client' } });
    expect(t.wire).toEqual([]);
  });

  it('DF unset: fragmented locally, the first fragment carries no DF and fits', () => {
    const t = trace(narrow(), { src: 'host:client', dst: 'host:internet', proto: 'icmp', size: 1401 });
    expect(t.verdict).toBe('delivered');
    const first = t.wire[0]!.packet.headers.find((h) => h.kind === 'ipv4');
    expect(first).toMatchObject({ df: false, len: 1396, frag: { index: 1, count: 2 } });
  });

  it('an external host fragments a 1501-byte UDP datagram on its 1500-byte uplink', () => {
    const t = trace(preset('k8s-lab'), { src: 'host:internet', dst: 'host:client', proto: 'udp', dport: 53, size: 1501 });
    expect(t.steps.some((s) => s.action === 'fragment' && s.at.layer === 'internet')).toBe(true);
    expect(t.wire.every((w) => (w.packet.headers.find((h) => h.kind === 'ipv4')?.len ?? 0) <= 1500)).toBe(true);
  });
});

describe('the gateway forwards onto a narrower link', () => {
  it('DF set: dropped with ICMP fragmentation needed naming the link MTU', () => {
    const t = trace(narrow(), { src: 'host:internet', dst: 'host:client', proto: 'icmp', size: 1450, df: true });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'fragmentation-needed', params: { mtu: 1400, size: 1450, node: 'gateway', dev: 'nodes' } });
  });

  it('DF clear: fragmented by the gateway, delivered', () => {
    const t = trace(narrow(), { src: 'host:internet', dst: 'host:client', proto: 'icmp', size: 1450, df: false });
    expect(t.verdict).toBe('delivered');
    expect(t.steps.some((s) => s.action === 'fragment' && s.at.layer === 'gateway')).toBe(true);
  });
});

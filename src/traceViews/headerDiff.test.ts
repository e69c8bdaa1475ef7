import { describe, expect, it } from 'vitest';
import type { Packet } from '../engine/index';
import { headerViews } from './headerDiff';

const inner: Packet = {
  headers: [
    { kind: 'eth', src: '66:05:38:46:ab:ea', dst: '66:ee:f4:61:98:50', type: 'ipv4' },
    { kind: 'ipv4', src: '172.21.172.5', dst: '172.21.211.8', ttl: 63, proto: 'tcp' },
    { kind: 'tcp', sport: 40000, dport: 8080, flags: 'S' },
  ],
};
const encapsulated: Packet = {
  headers: [
    { kind: 'ipv4', src: '192.168.10.26', dst: '192.168.10.24', ttl: 64, proto: 'udp' },
    { kind: 'udp', sport: 51000, dport: 4789 },
    { kind: 'vxlan', vni: 4096, flags: 8 },
    ...inner.headers,
  ],
};

describe('headerViews', () => {
  it('marks the outer headers added by encapsulation and keeps the inner ones', () => {
    const views = headerViews(inner, encapsulated, ['outer.ipv4.dst', 'vxlan.vni']);
    expect(views.map((v) => `${v.layer}:${v.kind}:${v.status}`)).toEqual(['outer:ipv4:added', 'outer:udp:added', ':vxlan:added', 'inner:eth:kept', 'inner:ipv4:kept', 'inner:tcp:kept']);
    expect(views[2]!.fields).toContainEqual({ name: 'flags', value: '0x08', changed: false });
  });

  it('shows a rewritten field with its value before', () => {
    const before: Packet = { headers: [{ kind: 'ipv4', src: '172.21.172.5', dst: '10.97.141.163', ttl: 64, proto: 'tcp' }, { kind: 'tcp', sport: 40000, dport: 80, flags: 'S' }] };
    const after: Packet = { headers: [{ kind: 'ipv4', src: '172.21.172.5', dst: '172.21.211.8', ttl: 64, proto: 'tcp' }, { kind: 'tcp', sport: 40000, dport: 8080, flags: 'S' }] };
    const views = headerViews(before, after, ['ipv4.dst', 'tcp.dport']);
    expect(views[0]!.fields.find((f) => f.name === 'dst')).toEqual({ name: 'dst', value: '172.21.211.8', before: '10.97.141.163', changed: true });
    expect(views[0]!.fields.find((f) => f.name === 'src')?.changed).toBe(false);
    expect(views[1]!.fields.find((f) => f.name === 'dport')).toMatchObject({ value: '8080', before: '80' });
  });

  it('marks the outer headers removed by decapsulation', () => {
    const views = headerViews(encapsulated, inner, []);
    expect(views.filter((v) => v.status === 'removed').map((v) => v.kind)).toEqual(['ipv4', 'udp', 'vxlan']);
  });
});

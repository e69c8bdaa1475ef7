import { describe, expect, it } from 'vitest';
import type { Header, Packet } from '../engine/index';
import { diffHeaders } from './wireDiff';

const tcp: Header = { kind: 'tcp', sport: 41249, dport: 8080, flags: 'S' };
const inner: Header = { kind: 'ipv4', src: '172.21.41.6', dst: '172.21.211.8', ttl: 127, proto: 'tcp' };
/** web → hello on the wire, k8s-lab (overlay): VXLAN to node-1. */
const overlay: Packet = {
  headers: [
    { kind: 'eth', src: '00:15:5d:33:cd:82', dst: 'bc:24:11:01:38:dd', type: 'ipv4' },
    { kind: 'ipv4', src: '192.168.10.25', dst: '192.168.10.24', ttl: 128, proto: 'udp' },
    { kind: 'udp', sport: 38224, dport: 4789 },
    { kind: 'vxlan', vni: 4096, flags: 8 },
    { kind: 'eth', src: '00:15:5d:83:37:87', dst: '66:ee:f4:61:98:50', type: 'ipv4' },
    inner,
    tcp,
  ],
};
/** The same flow under l2bridge (BGP, no encapsulation): the MACs rewritten to the hosts'. */
const bridged: Packet = { headers: [{ kind: 'eth', src: '00:15:5d:33:cd:82', dst: 'bc:24:11:01:38:dd', type: 'ipv4' }, inner, tcp] };

describe('diffHeaders', () => {
  it("marks the overlay's outer Ethernet, IP, UDP and VXLAN as having no partner", () => {
    expect(diffHeaders(overlay, bridged).map((h) => `${h.kind}${h.only ? ' only' : ''}`)).toEqual(['eth only', 'ipv4 only', 'udp only', 'vxlan only', 'eth', 'ipv4', 'tcp']);
  });
  it('marks the MACs that differ between the inner frame and the bridged frame', () => {
    const eth = diffHeaders(bridged, overlay)[0]!;
    expect(eth.fields.filter((f) => f.differs).map((f) => f.name)).toEqual(['src', 'dst']);
    expect(diffHeaders(bridged, overlay)[1]!.fields.some((f) => f.differs)).toBe(false);
  });
  it('marks nothing without a packet to compare with', () => {
    expect(diffHeaders(bridged, undefined).every((h) => !h.only && h.fields.every((f) => !f.differs))).toBe(true);
  });
});

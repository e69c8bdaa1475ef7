/**
 * The gateway and Fabric hosts answer for their own addresses (issue 11 item
 * 1), and an outside client on a Fabric subnet answers ARP so its reply
 * arrives (issue 22, README's --from-node example).
 */
import { describe, expect, it } from 'vitest';
import { preset, trace } from '../testing/traceHelpers';

const lab = () => preset('k8s-lab');

describe('the gateway answers for its own address', () => {
  it('ping from a pod, a node and a Windows pod: echo reply back to the sender, no loop', () => {
    for (const src of ['pod:demo/net', 'pod:demo/web', 'node:k8s-lab-node-1']) {
      const t = trace(lab(), { src, dst: '192.168.10.1', proto: 'icmp' });
      expect(t.verdict, src).toBe('delivered');
      expect(t.delivered?.node, src).toBe('gateway');
      expect(t.wire.every((w) => w.from !== w.to), src).toBe(true);
      expect(t.reply?.verdict, src).toBe('delivered');
    }
  });

  it('TCP gets a reset and UDP an ICMP port unreachable: nothing listens on the gateway', () => {
    const tcp = trace(lab(), { src: 'pod:demo/net', dst: '192.168.10.1', proto: 'tcp', dport: 80 });
    expect(tcp.verdict).toBe('rejected');
    expect(tcp.reason).toMatchObject({ code: 'port-closed', params: { host: 'gateway', port: 80, proto: 'tcp' } });
    expect(tcp.steps.at(-1)!.after.headers[1]).toMatchObject({ kind: 'tcp', flags: 'R.', sport: 80 });
    const udp = trace(lab(), { src: 'node:k8s-lab-node-1', dst: '192.168.10.1', proto: 'udp', dport: 53 });
    expect(udp.reason?.code).toBe('port-closed');
    expect(udp.steps.at(-1)!.after.headers[1]).toMatchObject({ kind: 'icmp', type: 3, code: 3 });
  });
});

describe('Fabric hosts', () => {
  it('a host sending to itself or to 127.0.0.1 keeps it in its own stack', () => {
    for (const dst of ['host:client', '127.0.0.1']) {
      const t = trace(lab(), { src: 'host:client', dst, dport: 80 });
      expect(t.verdict, dst).toBe('delivered');
      expect(t.wire, dst).toEqual([]);
      expect(t.delivered?.node, dst).toBe('client');
    }
  });

  it('the README example: an outside client at an unlisted address of the subnet gets its reply', () => {
    const t = trace(lab(), { src: '192.168.10.99', fromNode: 'k8s-lab-win-1', dst: '192.168.10.25', dport: 30081 });
    expect(t.verdict).toBe('delivered');
    expect(t.reply?.verdict).toBe('delivered');
    expect(t.reply?.delivered).toMatchObject({ node: '192.168.10.99', ip: '192.168.10.99', seenSrcIp: '192.168.10.25', seenSrcPort: 30081 });
  });

  it('an unlisted address that sent nothing still does not answer ARP', () => {
    const t = trace(lab(), { src: 'pod:demo/net', dst: '192.168.10.98', proto: 'icmp' });
    expect(t.verdict).toBe('dropped');
    expect(t.reason?.code).toBe('neighbour-unreachable');
  });
});

describe('a Fabric host on none of the subnets', () => {
  it('sends through the gateway like an external host instead of crashing (fuzz counterexample: flannel-host-gw lists internet without external)', () => {
    const t = trace(preset('flannel-host-gw'), { src: 'host:internet', dst: '192.168.10.1', proto: 'icmp' });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.node).toBe('gateway');
    expect(t.wire[0]).toMatchObject({ from: 'internet', link: 'uplink' });
  });
});

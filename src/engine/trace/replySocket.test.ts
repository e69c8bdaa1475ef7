/**
 * A reply from another source than the one the client dialled matches no
 * socket (fuzz counterexample: a pod-block source entering at another node
 * with --from-node; the backend's reply bypasses that node's conntrack).
 */
import { describe, expect, it } from 'vitest';
import { preset, trace } from '../testing/traceHelpers';
import { checkTrace } from '../testing/invariants';

describe('a reply that bypasses the node that translated the request', () => {
  const flow = { src: '172.21.41.2', fromNode: 'k8s-lab-master-1', dst: 'svc:demo/hello', sport: 1024 };

  it('TCP: the client stack answers the SYN-ACK from the backend with a reset', () => {
    const c = preset('k8s-lab');
    const t = trace(c, { ...flow, proto: 'tcp' });
    expect(t.verdict).toBe('delivered');
    expect(t.reply?.verdict).toBe('rejected');
    expect(t.reply?.reason).toMatchObject({ code: 'reply-unexpected-source', params: { seen: '172.21.211.8:8080', dialled: '10.97.141.163:80' } });
    expect(t.reply?.delivered).toBeUndefined();
    expect(checkTrace(c, t)).toEqual([]);
  });

  it('a reply that comes back the way it went is still delivered', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp' });
    expect(t.reply?.verdict).toBe('delivered');
    expect(t.reply?.delivered?.seenSrcIp).toBe('10.97.141.163');
  });
});

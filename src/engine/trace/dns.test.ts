/**
 * Issue 11 item 9: the names a cluster resolver answers, beyond Service
 * names (kubernetes/dns specification §2.4.1 headless, §2.5 ExternalName,
 * §2.6 pod A records), names outside the cluster, and the real cause of a
 * failed lookup (NXDOMAIN, or the dotted name on Windows), never "no route"
 * and never a throw.
 */
import { describe, expect, it } from 'vitest';
import { K8S_LAB_YAML } from '../presets/k8sLab';
import { fromYaml, trace } from '../testing/traceHelpers';
import { traceFlow } from './traceFlow';

const lab = fromYaml(`${K8S_LAB_YAML.trimEnd()}
---
apiVersion: v1
kind: Service
metadata: {name: hello-hl, namespace: demo}
spec: {clusterIP: None, ports: [{name: http, port: 8080}]}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: hello-hl-1, namespace: demo, labels: {kubernetes.io/service-name: hello-hl}}
addressType: IPv4
ports: [{name: http, port: 8080}]
endpoints:
- {addresses: [172.21.211.8], conditions: {ready: true}, nodeName: k8s-lab-node-1}
- {addresses: [172.21.172.5], conditions: {ready: true}, nodeName: k8s-lab-node-2}
- {addresses: [172.21.211.9], conditions: {ready: false}, nodeName: k8s-lab-node-1}
---
apiVersion: v1
kind: Service
metadata: {name: empty-hl, namespace: demo}
spec: {clusterIP: None, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: alias, namespace: demo}
spec: {type: ExternalName, externalName: hello.demo.svc.cluster.local}
---
apiVersion: v1
kind: Service
metadata: {name: outside, namespace: demo}
spec: {type: ExternalName, externalName: www.example.com}
---
apiVersion: v1
kind: Service
metadata: {name: loop, namespace: demo}
spec: {type: ExternalName, externalName: loop.demo.svc.cluster.local}
`);

describe('dns: names beyond ClusterIP Services', () => {
  it('a pod A record resolves to the address in its name and reaches the pod', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'dns:172-21-211-8.demo.pod.cluster.local', proto: 'icmp' });
    expect(t.steps[0]).toMatchObject({ action: 'resolve', explain: { key: 'trace.resolvedPod' } });
    expect(t.flow.dst).toMatchObject({ ip: '172.21.211.8', kind: 'pod', name: 'demo/hello' });
    expect(t.verdict).toBe('delivered');
  });

  it('a headless Service answers its ready endpoints only; the pick is a branch and --backend pins it', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'dns:hello-hl', proto: 'tcp', dport: 8080 });
    expect(t.steps[0]?.explain.key).toBe('trace.resolvedHeadless');
    expect(t.branches?.[0]).toMatchObject({ choices: ['172.21.211.8', '172.21.172.5'] });
    expect(['172.21.211.8', '172.21.172.5']).toContain(t.flow.dst.ip);
    const pinned = trace(lab, { src: 'pod:demo/net', dst: 'dns:hello-hl', proto: 'tcp', dport: 8080, backend: '172.21.172.5' });
    expect(pinned.flow.dst.ip).toBe('172.21.172.5');
    expect(pinned.verdict).toBe('delivered');
  });

  it('a headless Service without ready endpoints is NXDOMAIN (spec §2.4.1)', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'dns:empty-hl' });
    expect(t.reason?.code).toBe('dns-nxdomain');
  });

  it('ExternalName: the CNAME is followed inside the cluster (to a ClusterIP) and outside (to the internet host)', () => {
    const inside = trace(lab, { src: 'pod:demo/net', dst: 'dns:alias' });
    expect(inside.steps[0]?.explain).toMatchObject({ key: 'trace.resolvedCname', params: { target: 'hello.demo.svc.cluster.local' } });
    expect(inside.flow.dst).toMatchObject({ kind: 'service', name: 'demo/hello' });
    const outside = trace(lab, { src: 'pod:demo/net', dst: 'dns:outside', proto: 'tcp', dport: 443 });
    expect(outside.steps[0]?.explain.params).toMatchObject({ target: 'www.example.com', host: 'internet' });
    expect(outside.steps[0]?.rule?.assumption).toBe(true);
    expect(outside.flow.dst).toMatchObject({ kind: 'host', name: 'internet' });
  });

  it('names outside the cluster: a Fabric host by name, a public name to the internet host', () => {
    expect(trace(lab, { src: 'pod:demo/net', dst: 'dns:client', proto: 'icmp' }).flow.dst).toMatchObject({ kind: 'host', name: 'client' });
    const pub = trace(lab, { src: 'pod:demo/net', dst: 'dns:www.example.com', proto: 'icmp' });
    expect(pub.steps[0]?.explain.key).toBe('trace.resolvedHost');
    expect(pub.flow.dst.ip).toBe('203.0.113.10');
  });

  it('an ExternalName loop and an unknown name end in NXDOMAIN, rejected, never no-route, never a throw', () => {
    for (const dst of ['dns:loop', 'dns:nope', 'dns:nope.demo', 'dns:x.y.svc.cluster.local', 'dns:999-1-1-1.demo.pod.cluster.local', 'dns:.', 'dns:']) {
      const r = traceFlow(lab, { src: 'pod:demo/net', dst });
      expect(r.trace?.verdict, dst).toBe('rejected');
      expect(r.trace?.reason?.code, dst).toBe('dns-nxdomain');
    }
  });

  it('Windows: a single-label name gets the suffixes, a dotted one does not (its own reason), a pod A record resolves', () => {
    expect(trace(lab, { src: 'pod:demo/web', dst: 'dns:hello-hl', proto: 'tcp', dport: 8080 }).steps[0]?.explain.key).toBe('trace.resolvedHeadless');
    const dotted = trace(lab, { src: 'pod:demo/web', dst: 'dns:hello.demo' });
    expect(dotted).toMatchObject({ verdict: 'rejected', reason: { code: 'dns-dotted-name-windows', params: { hint: 'hello' } } });
    expect(trace(lab, { src: 'pod:demo/web', dst: 'dns:172-21-211-8.demo.pod.cluster.local', proto: 'icmp' }).flow.dst.ip).toBe('172.21.211.8');
  });
});

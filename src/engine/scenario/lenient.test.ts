/**
 * Lenient like the real components, strict where they are (issues 11 items 6
 * and 8, 20): what the API server or kube-proxy accepts loads; what they
 * would reject is one error naming object and field, that object is skipped,
 * and the rest of the scenario still loads, compiles and traces.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { compileScenario } from '../trace/cluster';
import { traceFlow } from '../trace/traceFlow';
import type { Diagnostic } from '../model/diagnostic';
import { loadScenarioText } from './load';
import { calicoSettings } from '../model/calico';

const LAB = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;

function withDocs(...docs: string[]): string {
  return [LAB, ...docs].join('\n---\n');
}

function errorsOf(diags: Diagnostic[]): Diagnostic[] {
  return diags.filter((d) => d.severity === 'error');
}

function svc(name: string, spec: string, status = ''): string {
  return `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}, namespace: demo}\nspec:\n${spec}${status ? `\nstatus:\n${status}` : ''}`;
}

describe('Services as kube-proxy reads them', () => {
  it('a padded loadBalancerSourceRanges entry is trimmed (kube-proxy serviceport.go), not a reason to refuse the scenario', () => {
    const r = loadScenarioText(withDocs(svc('lb', '  type: LoadBalancer\n  clusterIP: 10.96.7.7\n  ports: [{port: 80, nodePort: 30777}]\n  loadBalancerSourceRanges: [" 203.0.113.0/25", "198.51.100.9/24 "]')));
    expect(errorsOf(r.diagnostics)).toEqual([]);
    const lb = r.scenario!.services.find((s) => s.name === 'lb')!;
    expect(lb.loadBalancerSourceRanges).toEqual(['203.0.113.0/25', '198.51.100.0/24']);
  });

  it('a source range of 0.0.0.0/0 allows any source, as no list at all', () => {
    const r = loadScenarioText(withDocs(svc('lb', '  type: LoadBalancer\n  clusterIP: 10.96.7.7\n  ports: [{port: 80}]\n  loadBalancerSourceRanges: [10.0.0.0/8, 0.0.0.0/0]')));
    expect(r.scenario!.services.find((s) => s.name === 'lb')!.loadBalancerSourceRanges).toEqual([]);
  });

  it('a source range that is no prefix: one error naming the Service and the entry; that Service is skipped, the rest traces', () => {
    const r = loadScenarioText(withDocs(svc('lb', '  type: LoadBalancer\n  clusterIP: 10.96.7.7\n  ports: [{port: 80}]\n  loadBalancerSourceRanges: [10.0.0.0/8, "not-a-cidr"]')));
    const errors = errorsOf(r.diagnostics);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ object: { kind: 'Service', namespace: 'demo', name: 'lb' }, field: 'spec.loadBalancerSourceRanges[1]' });
    expect(r.scenario!.services.map((s) => s.name)).not.toContain('lb');
    const t = traceFlow(compileScenario(r.scenario!), { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp' });
    expect(t.trace?.verdict).toBe('delivered');
  });

  it('a dual-stack Service loads its IPv4 half with one info diagnostic', () => {
    const r = loadScenarioText(
      withDocs(
        svc('dual', '  type: LoadBalancer\n  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv6, IPv4]\n  clusterIP: fd00:10:96::7\n  clusterIPs: [fd00:10:96::7, 10.96.7.8]\n  externalIPs: [192.168.10.77, 2001:db8::77]\n  ports: [{port: 80, nodePort: 30778}]', '  loadBalancer:\n    ingress: [{ip: 192.168.10.78}, {ip: "2001:db8::78"}]'),
        'apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: dual-v6, namespace: demo, labels: {kubernetes.io/service-name: dual}}\naddressType: IPv6\nendpoints: [{addresses: ["fd00::5"]}]',
      ),
    );
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const dual = r.scenario!.services.find((s) => s.name === 'dual')!;
    expect(dual).toMatchObject({ clusterIP: '10.96.7.8', externalIPs: ['192.168.10.77'], loadBalancerIngress: ['192.168.10.78'] });
    const notes = r.diagnostics.filter((d) => d.code === 'ipv6-unsupported' && d.object?.name === 'dual');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ severity: 'info', field: 'spec.ipFamilies' });
  });

  it('an IPv6-only Service is one ipv6-unsupported error and is skipped', () => {
    const r = loadScenarioText(withDocs(svc('six', '  ipFamilies: [IPv6]\n  clusterIP: fd00:10:96::9\n  ports: [{port: 80}]')));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ code: 'ipv6-unsupported', object: expect.objectContaining({ name: 'six' }) })]);
    expect(r.scenario!.services.map((s) => s.name)).not.toContain('six');
  });

  it('an externalIP that is no address is rejected as the API server does: the Service is skipped, the others load', () => {
    const r = loadScenarioText(withDocs(svc('ext', '  clusterIP: 10.96.7.9\n  externalIPs: [10.0.0.0/24]\n  ports: [{port: 80}]')));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ field: 'spec.externalIPs[0]', object: expect.objectContaining({ name: 'ext' }) })]);
    expect(r.scenario!.services.map((s) => s.name)).toContain('hello');
  });
});

describe('names as the API server validates them', () => {
  const INJECTED = 'default; curl -s http://127.0.0.1:9/x | sh; #';

  it('an Installation named with shell never loads: one error on metadata.name, and the object is skipped', () => {
    const text = LAB.replace(/kind: Installation\nmetadata:\n {2}name: default/, `kind: Installation\nmetadata:\n  name: "${INJECTED}"`);
    expect(text).toContain(INJECTED);
    const r = loadScenarioText(text);
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ code: 'invalid-field', object: expect.objectContaining({ kind: 'Installation' }), field: 'metadata.name' })]);
    expect(calicoSettings(r.scenario!)?.installation).toBeUndefined();
    expect(JSON.stringify(r.scenario)).not.toContain('curl');
  });

  it.each([
    ['Service', 'Hello', 'a DNS-1035 label'],
    ['Service', '9lives', 'a DNS-1035 label'],
    ['Pod', 'web_1', 'a DNS-1123 subdomain'],
    ['Node', '<img src=x onerror=alert(1)>', 'a DNS-1123 subdomain'],
    ['IPPool', 'Pool', 'a DNS-1123 subdomain'],
  ])('%s named %j is skipped with an error', (kind, name, rule) => {
    const doc = `kind: ${kind}\nmetadata: {name: ${JSON.stringify(name)}, namespace: demo}\nspec: {nodeName: k8s-lab-node-1, cidr: 10.9.0.0/16}`;
    const r = loadScenarioText(withDocs(doc));
    const e = errorsOf(r.diagnostics);
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ object: { kind, name }, field: 'metadata.name' });
    expect(e[0]!.message).toContain(rule);
  });

  it('a namespace must be a DNS-1123 label', () => {
    const r = loadScenarioText(withDocs('kind: Pod\nmetadata: {name: p, namespace: "demo; rm -rf /"}\nspec: {nodeName: k8s-lab-node-1}\nstatus: {podIP: 172.21.211.60}'));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ field: 'metadata.namespace' })]);
    expect(r.scenario!.pods.some((p) => p.name === 'p')).toBe(false);
  });

  it('names real clusters use load: dotted subdomains, digits first for pods', () => {
    const r = loadScenarioText(withDocs('kind: Pod\nmetadata: {name: 0abc.def-1, namespace: demo}\nspec: {nodeName: k8s-lab-node-1}\nstatus: {podIP: 172.21.211.60}'));
    expect(errorsOf(r.diagnostics)).toEqual([]);
  });
});

describe('addresses validated where they are loaded', () => {
  it('a CIDR in the IPv4VXLANTunnelAddr annotation: one error naming node and annotation; the node loads, compiles and traces', () => {
    const text = LAB.replace('projectcalico.org/IPv4VXLANTunnelAddr: 172.21.211.0', 'projectcalico.org/IPv4VXLANTunnelAddr: 172.21.211.0/26');
    const r = loadScenarioText(text);
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ object: { kind: 'Node', name: 'k8s-lab-node-1' }, field: 'metadata.annotations["projectcalico.org/IPv4VXLANTunnelAddr"]' })]);
    const c = compileScenario(r.scenario!);
    for (const n of r.scenario!.nodes) expect(() => c.nodes.get(n.name)).not.toThrow();
    expect(traceFlow(c, { src: 'pod:demo/net', dst: 'pod:demo/web', proto: 'tcp' }).trace).toBeDefined();
  });

  it('a bad VXLAN MAC annotation is ignored with an error', () => {
    const text = LAB.replace('projectcalico.org/IPv4VXLANTunnelAddr: 172.21.211.0', 'projectcalico.org/IPv4VXLANTunnelAddr: 172.21.211.0\n    projectcalico.org/VXLANTunnelMACAddr: zz:zz');
    const r = loadScenarioText(text);
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ field: 'metadata.annotations["projectcalico.org/VXLANTunnelMACAddr"]' })]);
    expect(r.scenario!.nodes.find((n) => n.name === 'k8s-lab-node-1')!.vxlanTunnelMac).toBeUndefined();
  });

  it('a winkernel sourceVip that is no address: one error on winkernel.sourceVip; the Windows node compiles with the node IP', () => {
    const r = loadScenarioText(LAB.replace('sourceVip: 172.21.41.2', 'sourceVip: 172.21.41.2/26'));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ object: expect.objectContaining({ kind: 'KubeProxyConfiguration' }), field: 'winkernel.sourceVip' })]);
    expect(r.scenario!.kubeProxy.winkernel.sourceVip).toBeUndefined();
    const c = compileScenario(r.scenario!);
    expect(() => c.nodes.get('k8s-lab-win-1')).not.toThrow();
  });

  it('a second node with a node IP already taken is skipped (replies would reach the wrong machine), and so are its pods', () => {
    const dup = 'apiVersion: v1\nkind: Node\nmetadata: {name: twin, labels: {kubernetes.io/os: linux}}\nstatus: {addresses: [{type: InternalIP, address: 192.168.10.24}]}';
    const pod = 'kind: Pod\nmetadata: {name: on-twin, namespace: demo}\nspec: {nodeName: twin}\nstatus: {podIP: 172.21.211.61}';
    const r = loadScenarioText(withDocs(dup, pod));
    expect(errorsOf(r.diagnostics)).toEqual([
      expect.objectContaining({ code: 'conflict', object: { kind: 'Node', name: 'twin' }, field: 'status.addresses' }),
      expect.objectContaining({ code: 'missing-reference', object: expect.objectContaining({ name: 'on-twin' }) }),
    ]);
    expect(r.scenario!.nodes.map((n) => n.name)).not.toContain('twin');
  });

  it('a second pod with a pod IP already taken is skipped', () => {
    const r = loadScenarioText(withDocs('kind: Pod\nmetadata: {name: copy, namespace: demo}\nspec: {nodeName: k8s-lab-node-1}\nstatus: {podIP: 172.21.211.8}'));
    const net = r.scenario!.pods.find((p) => p.ip === '172.21.211.8');
    expect(net).toBeDefined();
    const e = errorsOf(r.diagnostics);
    expect(e.map((d) => d.field)).toEqual(['status.podIP']);
    expect(r.scenario!.pods.filter((p) => p.ip === '172.21.211.8')).toHaveLength(1);
  });

  it('a Fabric host on a node\'s address is skipped with an error (it would answer for the node)', () => {
    const r = loadScenarioText(LAB.replace('ip: 192.168.10.50', 'ip: 192.168.10.24'));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ code: 'conflict', object: expect.objectContaining({ kind: 'Fabric' }), field: 'spec.hosts["client"].ip' })]);
    expect(r.scenario!.fabric.hosts.map((h) => h.name)).toEqual(['internet']);
  });

  it('a Fabric host named like a Node is skipped with an error on its name (fuzz seed 1363092540: host:k8s-node-1 was both machines)', () => {
    const r = loadScenarioText(LAB.replace('name: client', 'name: k8s-lab-node-1'));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ code: 'conflict', object: expect.objectContaining({ kind: 'Fabric' }), field: 'spec.hosts["k8s-lab-node-1"].name' })]);
    expect(r.scenario!.fabric.hosts.map((h) => h.name)).toEqual(['internet']);
  });

  it('Fabric MACs must be MACs (a bad one is an error on the field), and the Windows dashed form is read as colons', () => {
    const bad = loadScenarioText(LAB.replace('ip: 192.168.10.50', 'ip: 192.168.10.50\n    mac: zz'));
    expect(errorsOf(bad.diagnostics)).toEqual([expect.objectContaining({ object: expect.objectContaining({ kind: 'Fabric' }), field: 'spec.hosts[0].mac' })]);
    const dashed = loadScenarioText(LAB.replace('ip: 192.168.10.50', 'ip: 192.168.10.50\n    mac: 00-15-5D-64-51-0E'));
    expect(dashed.scenario!.fabric.hosts[0]!.mac).toBe('00:15:5d:64:51:0e');
  });

  it('names inside the Fabric (hosts, subnets, gateway) follow the object-name rule, so none carries shell into a command', () => {
    const r = loadScenarioText(LAB.replace('name: client', 'name: "client; reboot"'));
    expect(errorsOf(r.diagnostics)).toEqual([expect.objectContaining({ object: expect.objectContaining({ kind: 'Fabric' }), field: 'spec.hosts[0].name' })]);
  });
});

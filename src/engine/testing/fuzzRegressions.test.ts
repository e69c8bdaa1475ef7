/**
 * Counterexamples the fuzzer found (issue 20), each as the smallest input
 * that broke the engine, so they stay fixed whatever the fuzzer's seed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../importers/files';
import { PRESETS } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { compileScenario } from '../trace/cluster';
import { traceFlow } from '../trace/traceFlow';
import { runFuzzCase } from './fuzzOracle';
import { checkTrace } from './invariants';

const LAB = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '../importers/fixtures', name), 'utf8');
const now = (): number => performance.now();

describe('fuzz counterexamples', () => {
  it('an HNS policy whose Type is an Object.prototype key ("constructor") is skipped, not a TypeError in the importer', () => {
    const lists = JSON.parse(fixture('k8s-lab-win-1.Get-HnsPolicyList.json')) as { Policies: { Type: string }[] }[];
    lists[0]!.Policies[0]!.Type = 'constructor';
    const r = importFiles([{ name: 'k8s-lab.yaml', text: LAB }, { name: 'lb.json', text: JSON.stringify(lists) }], { windowsNode: 'k8s-lab-win-1' });
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'info', field: expect.stringContaining('Type') }));
  });

  it('an imported RemoteSubnetRoute with a DestinationPrefix that is no prefix compiles and traces (was: TypeError reading len / text)', () => {
    const nets = JSON.parse(fixture('k8s-lab-win-1.Get-HnsNetwork.json')) as unknown;
    const text = JSON.stringify(nets).replace(/"DestinationPrefix":"[^"]+"/, '"DestinationPrefix":"garbage"');
    expect(text).toContain('garbage');
    const o = runFuzzCase({ source: 'hns', files: [{ name: 'k8s-lab.yaml', text: LAB }, { name: 'net.json', text }], windowsNode: 'k8s-lab-win-1', flows: [{ src: 0, dst: 1, packet: 'first' }] }, now);
    expect(o.crash).toBeUndefined();
    const r = importFiles([{ name: 'k8s-lab.yaml', text: LAB }, { name: 'net.json', text }], { windowsNode: 'k8s-lab-win-1' });
    const c = compileScenario(r.scenario!, { hns: r.hns });
    expect(() => c.nodes.get('k8s-lab-win-1')).not.toThrow();
    expect(traceFlow(c, { src: 'pod:demo/web', dst: 'pod:demo/net', proto: 'tcp' }).trace).toBeDefined();
  });

  it('an imported RemoteSubnetRoute with an empty DistributedRouterMacAddress is refused on that field, never an empty inner MAC on the wire (fuzz seed 1363092553)', () => {
    const nets = JSON.parse(fixture('k8s-lab-win-1.Get-HnsNetwork.json')) as unknown;
    const text = JSON.stringify(nets).replace(/"DistributedRouterMacAddress":"[^"]+"/, '"DistributedRouterMacAddress":""');
    const r = importFiles([{ name: 'k8s-lab.yaml', text: LAB }, { name: 'net.json', text }], { windowsNode: 'k8s-lab-win-1' });
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', field: expect.stringContaining('DistributedRouterMacAddress') }));
    const c = compileScenario(r.scenario!, { hns: r.hns });
    for (const dst of ['172.21.70.192', '172.21.211.0', '172.21.172.0']) {
      const t = traceFlow(c, { src: 'node:k8s-lab-win-1', dst, proto: 'udp', packet: 'next' }).trace!;
      expect(checkTrace(c, t)).toEqual([]);
    }
  });

  it('a CIDR in a Node tunnel-address annotation of a Windows node compiles (was: ipaddr throw in compile)', () => {
    const r = loadScenarioText(LAB.replace('projectcalico.org/IPv4VXLANTunnelAddr: 172.21.41.1', 'projectcalico.org/IPv4VXLANTunnelAddr: 172.21.41.1/26'));
    const c = compileScenario(r.scenario!);
    for (const n of r.scenario!.nodes) expect(() => c.nodes.get(n.name)).not.toThrow();
  });

  it('an imported pod endpoint without a MacAddress keeps the derived MAC instead of an empty one on the wire', () => {
    const eps = JSON.parse(fixture('k8s-lab-win-1.Get-HnsEndpoint.json')) as { MacAddress?: string; IPAddress: string }[];
    const net = eps.find((e) => e.IPAddress === '172.21.41.6')!;
    delete net.MacAddress;
    const r = importFiles([{ name: 'k8s-lab.yaml', text: LAB }, { name: 'ep.json', text: JSON.stringify(eps) }], { windowsNode: 'k8s-lab-win-1' });
    const c = compileScenario(r.scenario!, { hns: r.hns });
    const t = traceFlow(c, { src: 'pod:demo/net', dst: '172.21.41.6', proto: 'tcp' }).trace!;
    expect(checkTrace(c, t).filter((v) => v.message.includes('eth.'))).toEqual([]);
  });

  it('an imported MAC that is no MAC (here with a leading space) is refused with a diagnostic naming the field, not put on the wire', () => {
    const eps = JSON.parse(fixture('k8s-lab-win-1.Get-HnsEndpoint.json')) as { MacAddress?: string; IPAddress: string }[];
    const ep = eps.find((e) => e.IPAddress === '172.21.41.5')!;
    ep.MacAddress = ` ${ep.MacAddress!}`;
    const r = importFiles([{ name: 'k8s-lab.yaml', text: LAB }, { name: 'ep.json', text: JSON.stringify(eps) }], { windowsNode: 'k8s-lab-win-1' });
    expect(r.diagnostics.some((d) => d.severity === 'error' && (d.field ?? '').includes('MacAddress'))).toBe(true);
    const c = compileScenario(r.scenario!, { hns: r.hns });
    const t = traceFlow(c, { src: '172.21.41.5', fromNode: 'k8s-lab-master-1', dst: '172.21.211.8', proto: 'tcp' }).trace!;
    expect(checkTrace(c, t).filter((v) => v.message.includes('eth.'))).toEqual([]);
  });
  it('a Windows pod whose IP lies outside its node\'s block is foreign to the host: to the gateway, with the loader\'s warning (was: a false local-on-wire)', () => {
    // FUZZ_SEED=782 index 291: main-before's pool (172.20.0.0/16) merged with the lab's pods (172.21.x).
    const main = PRESETS.find((p) => p.name === 'k8s-main-before')!.yaml;
    const r = importFiles([{ name: 'main.yaml', text: main }, { name: 'lab.yaml', text: fixture('k8s-lab.kubectl-get.yaml') }], {});
    expect(r.diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining('172.21.41.5 is outside every IP pool'));
    const c = compileScenario(r.scenario!, { hns: r.hns });
    for (const packet of ['first', 'next'] as const) {
      const t = traceFlow(c, { src: 'pod:demo/web', dst: 'pod:demo/iis', proto: 'tcp', sport: 20860, size: 4823, packet }).trace!;
      expect(t.wire.at(-1)?.to).toBe('gateway');
      expect(checkTrace(c, t)).toEqual([]);
    }
  });
  it('a flannel pod whose IP lies outside its node\'s lease is foreign to the host: the reply goes to the gateway (was: a false local-on-wire)', () => {
    // FUZZ_SEED=122173036 index 331: flannel-vxlan with coredns-1's podIP mutated out of node-1's lease 10.244.0.0/24.
    const yaml = PRESETS.find((p) => p.name === 'flannel-vxlan')!.yaml.replace('podIP: 10.244.0.3', 'podIP: 170.197.180.95');
    const c = compileScenario(loadScenarioText(yaml).scenario!);
    expect(c.diagnostics.map((d) => d.message)).toContainEqual(expect.stringContaining("170.197.180.95 is outside node-1's flannel lease"));
    const t = traceFlow(c, { src: '170.197.180.95', fromNode: 'node-1', dst: 'dns:kubernetes.default', packet: 'next' }).trace!;
    expect(t.reply?.wire.at(-1)?.to).toBe('gateway');
    expect(checkTrace(c, t)).toEqual([]);
  });
});

describe('destinations no packet can have', () => {
  it('0.0.0.0 as a destination is refused on the dst field, not traced with 0.0.0.0 in the header (fuzz seed -1954513763)', () => {
    const c = compileScenario(loadScenarioText(PRESETS.find((p) => p.name === 'k8s-lab-bgp')!.yaml).scenario!);
    for (const dst of ['0.0.0.0', '0.1.2.3']) {
      const r = traceFlow(c, { src: 'pod:demo/hello', dst });
      expect(r.trace).toBeUndefined();
      expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', field: 'dst', message: expect.stringContaining('0.0.0.0/8') }));
    }
  });
});

describe('node addresses the kubelet refuses', () => {
  it('a Node whose InternalIP is 0.0.0.0 (or loopback, link-local, multicast) is skipped with an error, never a VXLAN outer 0.0.0.0 (fuzz seed -1325263619)', () => {
    const mb = PRESETS.find((p) => p.name === 'k8s-main-before')!.yaml;
    for (const bad of ['0.0.0.0', '127.0.0.5', '169.254.3.4', '224.0.0.9']) {
      const r = loadScenarioText(mb.replace('address: 192.168.10.21', `address: ${bad}`));
      expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', object: { kind: 'Node', name: 'k8s-node-2' }, field: 'status.addresses[0].address' }));
      expect(r.scenario!.nodes.map((n) => n.name)).not.toContain('k8s-node-2');
      const c = compileScenario(r.scenario!);
      const t = traceFlow(c, { src: 'pod:kube-system/coredns-0', dst: '172.20.172.6', dport: 1, size: 28 }).trace!;
      expect(checkTrace(c, t)).toEqual([]);
    }
  });
});

describe('names that are Object.prototype keys', () => {
  it('a node named constructor compiles and traces (fuzz counterexample: nodeMacs[name] found the prototype function)', () => {
    const yaml = PRESETS.find((p) => p.name === 'k8s-main-before')!.yaml.replaceAll('k8s-node-1', 'constructor');
    const r = loadScenarioText(yaml, 'proto.yaml');
    expect(r.scenario?.nodes.some((n) => n.name === 'constructor')).toBe(true);
    const c = compileScenario(r.scenario!);
    const t = traceFlow(c, { src: 'node:constructor', dst: 'node:k8s-node-2', proto: 'icmp' }).trace!;
    expect(t.verdict).toBe('delivered');
  });
});

describe('Fabric gateway named like a Node', () => {
  it('is refused on spec.gatewayName and renamed, so a Windows node never sends its replies to itself (fuzz seed 869916450)', () => {
    const yaml = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml.replace(/gatewayName: \S+/, 'gatewayName: k8s-lab-win-1');
    expect(yaml).toContain('gatewayName: k8s-lab-win-1');
    const r = loadScenarioText(yaml);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', field: 'spec.gatewayName' }));
    const c = compileScenario(r.scenario!);
    const t = traceFlow(c, { src: '198.51.100.7', dst: 'node:k8s-lab-win-1', proto: 'icmp', packet: 'next', fromNode: 'k8s-lab-win-1' }).trace!;
    expect(checkTrace(c, t)).toEqual([]);
  });
});

describe('localhost NodePorts in kube-proxy iptables mode', () => {
  it('a node to 127.0.0.1:<NodePort> is DNATed to a pod and may leave the node (route_localnet), first and later packets alike (fuzz seed 506602606)', () => {
    const c = compileScenario(loadScenarioText(PRESETS.find((p) => p.name === 'k8s-lab-kubeadm')!.yaml).scenario!);
    for (const packet of ['first', 'next'] as const) {
      const t = traceFlow(c, { src: 'node:k8s-lab-master-1', dst: '127.0.0.1', dport: 30080, packet }).trace!;
      expect(t.verdict).toBe('delivered');
      expect(t.delivered?.pod).toBe('demo/hello');
      expect(checkTrace(c, t)).toEqual([]);
    }
  });

  it('an adjacent host dialling 127.0.0.1:<NodePort> reaches the pod, and the un-DNATed reply leaves with source 127.0.0.1 as the kernel sends it (CVE-2020-8558; fuzz seed 661894011)', () => {
    const c = compileScenario(loadScenarioText(PRESETS.find((p) => p.name === 'k8s-lab-kubeadm')!.yaml).scenario!);
    const t = traceFlow(c, { src: '198.51.100.7', dst: '127.0.0.1', proto: 'tcp', sport: 21934, dport: 30080, fromNode: 'k8s-lab-node-2' }).trace!;
    expect(t.steps.some((s) => s.action === 'dnat')).toBe(true);
    const replyWire = t.reply?.wire.find((w) => w.from === 'k8s-lab-node-2');
    expect(replyWire?.packet.headers).toContainEqual(expect.objectContaining({ kind: 'ipv4', src: '127.0.0.1', dst: '198.51.100.7' }));
    expect(checkTrace(c, t)).toEqual([]);
  });
});

/**
 * The plug-in contract, proved from outside: a CNI that exists only in this
 * file ("FakeNet": its own ConfigMap, settings schema, detection, IPAM and
 * node parts) is added to the registry the way a real one is — one more entry
 * in CNI_PLUGINS (here by mocking registry.ts) — and a scenario that selects
 * it loads, compiles and traces, with no other engine file knowing its name.
 *
 * FakeNet is a routed CNI: each node gets the n-th /24 of `podNetwork` (in
 * Node order), pods `.2`, `.3`, … on a routed veth `fk-<pod>` with a /32
 * and the 169.254.1.1 gateway answered by proxy ARP, and every other node's
 * /24 is routed via that node's IP on the NIC.
 */
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { intToIp, parseCidr, prefixOf } from '../../model/ipv4';
import { podMac } from '../../model/macs';
import type { Scenario } from '../../model/scenario';
import { refOf, validateObject } from '../../scenario/validate';
import type { Link, LinuxPodNetns, Route } from '../../linux/state';
import { nicRoutes, sortRoutes } from '../routes';
import type { LinuxCniParts, LinuxHost } from './cni';
import { settingsOf, type CniAddressing, type CniPlugin, type CniSettingsLoader } from './plugin';
import { seedFabricYaml } from '../../presets/sharedObjects';
import { fromYaml, trace } from '../../testing/traceHelpers';
import { compileScenario, nodeStateViews } from '../../trace/cluster';
import { loadScenarioText } from '../../scenario/load';
import { CNI_PLUGINS } from './registry';

vi.mock('./registry', async (importOriginal) => {
  const real = await importOriginal<{ CNI_PLUGINS: readonly CniPlugin[] }>();
  return { CNI_PLUGINS: [...real.CNI_PLUGINS, fakenetPlugin()] };
});

const CONFIGMAP = 'fakenet-config';
const GATEWAY = '169.254.1.1';
const HOST_MAC = 'ee:ee:ee:00:00:01';

interface FakeSettings {
  network: string;
}

function fakeSettings(s: Scenario): FakeSettings | undefined {
  return settingsOf<FakeSettings>(s, { name: 'fakenet' });
}

/** Its settings: the ConfigMap's `data.podNetwork`, checked with its own schema. */
function loader(): CniSettingsLoader<FakeSettings> {
  return {
    reads: (kind, raw) => (kind === 'ConfigMap' && refOf(raw).name === CONFIGMAP ? 'resource' : undefined),
    load(objects, _ctx, diags) {
      const raw = objects[0]!;
      const v = validateObject(z.object({ data: z.object({ podNetwork: z.string() }) }), raw, diags);
      const net = v && parseCidr(v.data.podNetwork);
      if (v && !net) diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: 'data.podNetwork', message: `"${v.data.podNetwork}" is not an IPv4 CIDR` });
      return net ? { network: net.text } : undefined;
    },
  };
}

function addressing(s: Scenario): CniAddressing {
  const net = parseCidr(fakeSettings(s)!.network)!;
  const blocks = new Map(s.nodes.map((n, i) => [n.name, prefixOf(intToIp(net.base + i * 256), 24)]));
  const podIP = new Map<string, string>();
  const next = new Map<string, number>();
  for (const p of s.pods) {
    const block = blocks.get(p.nodeName);
    if (p.hostNetwork || !block) continue;
    const i = next.get(p.nodeName) ?? 2;
    next.set(p.nodeName, i + 1);
    podIP.set(`${p.namespace}/${p.name}`, p.ip ?? intToIp(block.base + i));
  }
  return {
    ipam: { blocks: [], blockOfNode: new Map(), tunnelAddr: new Map(), podIP, borrowed: [] },
    peer: (n) => ({ block: blocks.get(n.name)?.text, pool: undefined, tunnelAddr: undefined, vtepMac: undefined }),
  };
}

function compile({ node, self, view, nic }: LinuxHost): LinuxCniParts {
  const pods: LinuxPodNetns[] = view.podsOnNode(node.name).flatMap((p) => {
    const ip = view.podIP.get(`${p.namespace}/${p.name}`);
    if (p.hostNetwork || !ip) return [];
    const eth0: Link = { name: 'eth0', kind: 'veth', mtu: nic.mtu, mac: podMac(p.namespace, p.name), addrs: [`${ip}/32`], owner: p.ref };
    return [{
      pod: `${p.namespace}/${p.name}`,
      ref: p.ref,
      ip,
      eth0,
      hostVeth: `fk-${p.name}`.slice(0, 15),
      routes: [
        { dst: parseCidr('0.0.0.0/0')!, type: 'unicast', via: GATEWAY, dev: 'eth0', source: 'fakenet' },
        { dst: parseCidr(`${GATEWAY}/32`)!, type: 'unicast', dev: 'eth0', scope: 'link', source: 'fakenet' },
      ],
      neigh: [{ ip: GATEWAY, dev: 'eth0', mac: HOST_MAC, state: 'REACHABLE', source: 'fakenet (proxy_arp on the host side)', proxied: true }],
    }];
  });
  const routes: Route[] = [...nicRoutes(self, nic.name)];
  for (const p of pods) routes.push({ dst: parseCidr(`${p.ip}/32`)!, type: 'unicast', dev: p.hostVeth, scope: 'link', source: 'fakenet' });
  for (const peer of view.peers) {
    if (peer.name !== self.name && peer.block) routes.push({ dst: parseCidr(peer.block)!, type: 'unicast', via: peer.ip, dev: nic.name, source: 'fakenet' });
  }
  return {
    links: pods.map((p) => ({ name: p.hostVeth, kind: 'veth', mtu: nic.mtu, mac: HOST_MAC, addrs: [], peer: { pod: p.pod, ifname: 'eth0' }, owner: p.ref })),
    pods,
    routes: sortRoutes(routes),
    neigh: pods.map((p) => ({ ip: p.ip, dev: p.hostVeth, mac: p.eth0.mac, state: 'PERMANENT', source: 'fakenet' })),
    fdb: [],
    sysctls: Object.fromEntries(pods.map((p) => [`net.ipv4.conf.${p.hostVeth}.proxy_arp`, '1'])),
    nft: [],
    localAddrs: [],
  };
}

/** Function declarations only: vi.mock's factory runs before this module's constants exist. */
function fakenetPlugin(): CniPlugin {
  return {
    name: 'fakenet',
    title: 'FakeNet',
    settings: loader(),
    detect: (s) => (fakeSettings(s) ? { from: `ConfigMap kube-system/${CONFIGMAP} data.podNetwork` } : undefined),
    linuxDataplane: () => ({ value: 'nftables', from: 'FakeNet programs nftables only' }),
    dataplanes: ['nftables'],
    addressing,
    linux: { compile },
  };
}

function node(name: string, ip: string): string {
  return `apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {kubernetes.io/os: linux}}
status: {addresses: [{type: InternalIP, address: ${ip}}]}
---
`;
}

function pod(name: string, nodeName: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: demo}
spec: {nodeName: ${nodeName}, containers: [{name: c, ports: [{containerPort: 8080}]}]}
---
`;
}

const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata: {name: ${CONFIGMAP}, namespace: kube-system}
data: {podNetwork: 10.50.0.0/16}
---
`;

const YAML = `${node('node-1', '192.168.10.31')}${node('node-2', '192.168.10.32')}${pod('a', 'node-1')}${pod('b', 'node-2')}${CONFIG}${seedFabricYaml('lab', 'test')}`;

describe('a CNI registered from a test file (FakeNet)', () => {
  it('is in the registry only through the mocked line', () => {
    expect(CNI_PLUGINS.map((p) => p.name)).toEqual(['calico', 'flannel', 'fakenet']);
  });

  it('reads its own ConfigMap into its settings and is the decided CNI', () => {
    const c = fromYaml(YAML);
    expect(c.scenario.cniSettings).toEqual({ fakenet: { network: '10.50.0.0/16' } });
    expect(c.view.datapathOf('node-1')).toMatchObject({ cni: { value: 'fakenet', modelledAs: 'fakenet', from: `ConfigMap kube-system/${CONFIGMAP} data.podNetwork` }, dataplane: { value: 'nftables' } });
    expect(c.view.podIP.get('demo/a')).toBe('10.50.0.2');
    expect(c.view.peerByName.get('node-2')!.block).toBe('10.50.1.0/24');
  });

  it('its parts are the node state: routes to the other node\'s /24 and the pods\' veths', () => {
    const routes = nodeStateViews(fromYaml(YAML), 'node-1').find((v) => v.id === 'routes')!.text.split('\n');
    expect(routes).toContain('10.50.0.2 dev fk-a scope link');
    expect(routes).toContain('10.50.1.0/24 via 192.168.10.32 dev ens18');
  });

  it('traces pod → pod across nodes through its routes', () => {
    const t = trace(fromYaml(YAML), { src: 'pod:demo/a', dst: 'pod:demo/b', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ pod: 'demo/b', seenSrcIp: '10.50.0.2', ttl: 62 });
    expect(t.steps.find((s) => s.node === 'node-1' && s.action === 'forward')!.rule?.text).toBe('10.50.1.0/24 via 192.168.10.32 dev ens18');
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/a', seenSrcIp: '10.50.1.2' });
  });

  it('a bad podNetwork is an error naming the field; without settings FakeNet is not selected', () => {
    const r = loadScenarioText(YAML.replace('podNetwork: 10.50.0.0/16', 'podNetwork: nope'));
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', object: { kind: 'ConfigMap', namespace: 'kube-system', name: CONFIGMAP }, field: 'data.podNetwork' }));
    expect(r.scenario!.cniSettings).toBeUndefined();
    expect(compileScenario(r.scenario!).view.datapathOf('node-1').cni.value).toBe('calico');
  });
});

/**
 * `checkReadiness`: what the seed says a cluster needs before a Windows node
 * joins or while it runs (seed part 37: «Два режима и чего нет», «IPAM:
 * strictAffinity, один блок и четыре адреса», «Рекомендуемый путь», «Альтернатива:
 * перевод существующего кластера»), each with the objects concerned, why, the
 * fix and — where the seed gives it — the `kubectl patch` command, filled with
 * the scenario's names.
 *
 * Pure: scenario (and optionally the compiled cluster) in, plain data out.
 */
import { apiServerAddress } from './apiAddress';
import { shellJson, shellQuote } from './shell';
import type { ObjectRef } from '../model/diagnostic';
import { cidrContains, parseCidr } from '../model/ipv4';
import type { NodeSpec, Scenario } from '../model/scenario';
import type { CompiledCluster } from '../trace/cluster';
import { flannelSettings } from '../model/flannel';
import type { Finding, FindingFix, FindingId, FindingSeverity, ReadinessOptions } from './types';
import { type CalicoSpec, type IPPoolSpec, calicoSettings } from '../model/calico';

/** Seed section names, used in `source`. */
const SEED = {
  modes: 'seed: «Два режима и чего нет»',
  ipam: 'seed: «IPAM: strictAffinity, один блок и четыре адреса»',
  plugins: 'seed: «Какие плагины работают на Windows» (Flannel)',
  newCluster: 'seed: «Рекомендуемый путь: отдельный тестовый кластер»',
  migration: 'seed: «Альтернатива: перевод существующего кластера»',
} as const;

/** The operator's Installation name; `default` as everywhere in the seed. */
function installationName(c: CalicoSpec): string {
  return c.installation?.name ?? 'default';
}

function installationRef(c: CalicoSpec): ObjectRef {
  return { kind: 'Installation', name: installationName(c) };
}

const IPAM_REF: ObjectRef = { kind: 'IPAMConfiguration', name: 'default' };

/** A single-quoted shell argument holding JSON (the seed's `-p '…'` form), quoted whatever the values hold. */
const json = shellJson;

/** A manifest value as YAML: plain when it is an address or host name, else a JSON-quoted string (no injected keys). */
function yamlScalar(v: string): string {
  return /^[A-Za-z0-9.:<> -]+$/.test(v) && !/^\s|\s$/.test(v) ? v : JSON.stringify(v);
}

/** Seed, «Шаг 1. strictAffinity» (the same command in «Рекомендуемый путь»). */
export function strictAffinityCommand(): string {
  return `kubectl patch ipamconfigurations default --type merge -p ${json({ spec: { strictAffinity: true } })}`;
}

/** Seed, «Шаг 2»: the pool's encapsulation through the Installation (the operator reverts direct IPPool edits). */
export function poolEncapsulationCommand(installation: string, index: number, encapsulation: string): string {
  return `kubectl patch installation ${shellQuote(installation)} --type=json -p ${json([{ op: 'replace', path: `/spec/calicoNetwork/ipPools/${index}/encapsulation`, value: encapsulation }])}`;
}

/** Seed, «Шаг 3»; with `Enabled` the first step of its rollback. */
export function bgpCommand(installation: string, bgp: 'Enabled' | 'Disabled'): string {
  return `kubectl patch installation ${shellQuote(installation)} --type=merge -p ${json({ spec: { calicoNetwork: { bgp } } })}`;
}

/** Whether Calico routes this pool's traffic with VXLAN (any mode). */
function usesVxlan(p: IPPoolSpec): boolean {
  return p.vxlanMode !== 'Never';
}

function isControlPlane(n: NodeSpec): boolean {
  return 'node-role.kubernetes.io/control-plane' in n.labels || 'node-role.kubernetes.io/master' in n.labels;
}

/** Usable pod addresses in a Windows block of this size: all but .0, .1, .2 and the last. @see DATAPATH-FACTS §8.2 */
export function windowsUsableAddresses(blockSize: number): number {
  return Math.max(0, 2 ** (32 - blockSize) - 4);
}

/** kubelet's default maxPods, assumed when the Node does not say (KubeletConfiguration `maxPods` default 110; not in DATAPATH-FACTS — assumption). */
export const KUBELET_DEFAULT_MAX_PODS = 110;

class Findings {
  readonly list: Finding[] = [];
  add(id: FindingId, severity: FindingSeverity, objects: ObjectRef[], params: Record<string, string | number>, source: string, fix?: Omit<FindingFix, 'key' | 'params'> | false, fixParams?: Record<string, string | number>): void {
    const f: Finding = { id, severity, objects, why: { key: `readiness.${id}.why`, params }, source };
    if (fix !== false && fix !== undefined) f.fix = { key: `readiness.${id}.fix`, params: fixParams ?? params, ...fix };
    this.list.push(f);
  }
}

/**
 * Checks the scenario for what Windows nodes need.
 *
 * @param scenario the loaded scenario.
 * @param compiled the compiled cluster, when available: adds the IPAM checks
 *   (one block per Windows node, reserved addresses, addresses borrowed from a
 *   Windows block).
 * @param opts `planWindows` evaluates the checks although no Windows node is
 *   in the scenario yet; `diagnostics` (the load's) supplies IPv6 objects.
 * @returns findings in the seed's order (migration steps first); empty when
 *   the scenario has no Windows node and `planWindows` is not set.
 */
export function checkReadiness(scenario: Scenario, compiled?: CompiledCluster, opts: ReadinessOptions = {}): Finding[] {
  const windowsNodes = scenario.nodes.filter((n) => n.os === 'windows');
  if (windowsNodes.length === 0 && !opts.planWindows) return [];
  const out = new Findings();
  const calico = calicoSettings(scenario);
  if (calico) checkCalico(scenario, calico, out);
  checkIpv6(opts, out);
  if (flannelSettings(scenario)) checkFlannel(scenario, out);
  checkLinuxWorker(scenario, out);
  checkBlocks(scenario, windowsNodes, compiled, out);
  checkRollback(scenario, windowsNodes, out);
  return out.list;
}

function checkCalico(s: Scenario, c: CalicoSpec, out: Findings): void {
  const inst = installationName(c);
  const pools = c.pools.filter((p) => !p.disabled);
  const indexOf = (p: IPPoolSpec): number => c.installation?.pools.indexOf(p.name) ?? -1;

  // Seed «Шаг 1»; requirement: DATAPATH-FACTS §8.2 [D3][D1][D2].
  if (!c.strictAffinity) {
    out.add('strict-affinity', 'error', [IPAM_REF], {}, `${SEED.ipam}; ${SEED.migration}, «Шаг 1. strictAffinity»; DATAPATH-FACTS §8.2 [D3][D1][D2]`, { commands: [strictAffinityCommand()], commandsFrom: 'seed' });
  }

  // Seed «Шаг 2»; DATAPATH-FACTS §8.1 [C30][O1][D2][D6], §8.4 [D2][D1].
  for (const p of pools.filter((x) => x.vxlanMode === 'CrossSubnet')) {
    const i = indexOf(p);
    out.add(
      'vxlan-crosssubnet',
      'error',
      [p.ref],
      { pool: p.name },
      `${SEED.modes}; ${SEED.migration}, «Шаг 2. Инкапсуляция VXLAN во всех направлениях»; DATAPATH-FACTS §8.1 [C30][O1][D2], §8.4 [D2][D1]`,
      i >= 0 ? { commands: [poolEncapsulationCommand(inst, i, 'VXLAN')], commandsFrom: 'seed' } : {},
      { pool: p.name, installation: inst },
    );
  }

  const vxlanPools = pools.filter(usesVxlan);
  // Seed «Шаг 3»: Calico VXLAN on Windows needs BGP disabled cluster-wide. DATAPATH-FACTS §8.1 [C30][O1][D2][D6].
  if (c.bgp === 'Enabled' && vxlanPools.length > 0) {
    out.add('bgp-with-vxlan', 'error', [installationRef(c)], { pools: vxlanPools.map((p) => p.name).join(', ') }, `${SEED.modes}; ${SEED.migration}, «Шаг 3. Выключаем BGP»; DATAPATH-FACTS §8.1 [C30][O1][D2][D6]`, { commands: [bgpCommand(inst, 'Disabled')], commandsFrom: 'seed' }, { installation: inst });
  }

  // What the migration adds after the three steps, as the new cluster has it from the start.
  if (c.installation) {
    if (c.windowsDataplane !== 'HNS') {
      out.add('windows-dataplane', 'error', [installationRef(c)], { value: c.windowsDataplane ?? '(unset)' }, `${SEED.newCluster} (windowsDataplane: HNS); ${SEED.migration}`, { commands: [`kubectl patch installation ${shellQuote(inst)} --type=merge -p ${json({ spec: { calicoNetwork: { windowsDataplane: 'HNS' } } })}`], commandsFrom: 'derived' }, { installation: inst });
    }
    if (c.serviceCIDRs.length === 0) {
      // The scenario's serviceCIDRs fall back to the kube-apiserver default when the Installation has none.
      const cidrs = s.serviceCIDRs;
      out.add('service-cidrs', 'error', [installationRef(c)], { cidrs: cidrs.join(', ') }, `${SEED.newCluster} (serviceCIDRs); ${SEED.migration}; DATAPATH-FACTS §8.3 [O1][C29]`, { commands: [`kubectl patch installation ${shellQuote(inst)} --type=merge -p ${json({ spec: { serviceCIDRs: cidrs } })}`], commandsFrom: 'derived' }, { installation: inst, cidrs: cidrs.join(', ') });
    }
  }
  checkServicesEndpoint(s, out);

  // IPIP: not on Windows in any mode. Seed «Два режима и чего нет»; DATAPATH-FACTS §8.1 [C30][D2].
  for (const p of pools.filter((x) => x.ipipMode !== 'Never')) {
    const i = indexOf(p);
    out.add('ipip-pool', 'error', [p.ref], { pool: p.name, mode: p.ipipMode }, `${SEED.modes} (IPIP); DATAPATH-FACTS §8.1 [C30][O1][D2][D6]`, i >= 0 ? { commands: [poolEncapsulationCommand(inst, i, 'VXLAN')], commandsFrom: 'derived' } : {}, { pool: p.name, installation: inst });
  }

  if (vxlanPools.length > 0) {
    // VNI ≥ 4096 and UDP 4789 only. Seed «Два режима и чего нет» (VSID 4096, UDP 4789); DATAPATH-FACTS §8.4 [D2][D1][C30].
    if (c.vxlanVNI < 4096) {
      out.add('calico-vxlan-vni', 'error', [{ kind: 'FelixConfiguration', name: 'default' }], { vni: c.vxlanVNI }, `${SEED.modes}; DATAPATH-FACTS §8.1 [C29], §8.4 [D2][D1][C30]`, {});
    }
    if (c.vxlanPort !== 4789) {
      out.add('calico-vxlan-port', 'error', [{ kind: 'FelixConfiguration', name: 'default' }], { port: c.vxlanPort }, `${SEED.modes}; DATAPATH-FACTS §8.4 [D2][D1][C30]`, {});
    }
  }

  // BGP without encapsulation: Windows gets an L2Bridge network and needs RRAS. Seed «Два режима и чего нет» («BGP без инкапсуляции»).
  if (c.bgp === 'Enabled' && pools.length > 0 && pools.every((p) => p.vxlanMode === 'Never' && p.ipipMode === 'Never')) {
    const win = s.nodes.filter((n) => n.os === 'windows').map((n) => n.ref);
    const src = `${SEED.modes} («BGP без инкапсуляции»); DATAPATH-FACTS §8.1 [C30][C25]`;
    out.add('l2bridge-rras', 'info', win, {}, src, {});
    out.add('l2bridge-route-reflectors', 'info', [], {}, src, {});
    const subnets = new Set(s.nodes.map((n) => s.fabric.subnets.find((x) => { const p = parseCidr(x.cidr); return p !== undefined && cidrContains(p, n.internalIP); })?.name ?? n.internalIP));
    if (subnets.size > 1) {
      out.add('l2bridge-l2-adjacency', 'warning', s.nodes.map((n) => n.ref), { subnets: [...subnets].join(', ') }, src, {});
    }
  }
}

/**
 * The API server address for calico-node-windows, which starts before
 * kube-proxy programs the `kubernetes` ClusterIP. Seed «Рекомендуемый путь»:
 * ConfigMap `kubernetes-services-endpoint` in `tigera-operator`.
 */
function checkServicesEndpoint(s: Scenario, out: Findings): void {
  const cms = s.servicesEndpoint ?? [];
  const src = `${SEED.newCluster} (ConfigMap kubernetes-services-endpoint); ${SEED.migration}`;
  if (cms.some((c) => c.namespace === 'tigera-operator')) return;
  if (cms.length > 0) {
    out.add('services-endpoint-namespace', 'warning', cms.map((c) => c.ref), { namespace: cms[0]!.namespace }, src, {});
    return;
  }
  // Fill the manifest with the API server address the scenario shows (kubeadm-config controlPlaneEndpoint, default/kubernetes endpoints), else a placeholder.
  const { host, port } = apiServerAddress(s);
  const manifest = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: kubernetes-services-endpoint', '  namespace: tigera-operator', 'data:', `  KUBERNETES_SERVICE_HOST: ${yamlScalar(host)}`, `  KUBERNETES_SERVICE_PORT: "${port}"`, ''].join('\n');
  out.add('services-endpoint-configmap', 'error', [{ kind: 'ConfigMap', namespace: 'tigera-operator', name: 'kubernetes-services-endpoint' }], {}, src, { manifest, commands: ['kubectl apply -f kubernetes-services-endpoint.yaml'], commandsFrom: 'derived' }, { host, port });
}

/** IPv6: not on Windows with Calico or any overlay. Seed «Два режима и чего нет»; DATAPATH-FACTS §8.4 [D2][D1][C30]. */
function checkIpv6(opts: ReadinessOptions, out: Findings): void {
  const objs = (opts.diagnostics ?? []).filter((d) => d.code === 'ipv6-unsupported' && d.object).map((d) => d.object!);
  if (objs.length === 0) return;
  const seen = new Set<string>();
  const unique = objs.filter((o) => {
    const k = `${o.kind}/${o.namespace ?? ''}/${o.name}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  out.add('ipv6', 'error', unique, { count: unique.length }, `${SEED.modes} (IPv6); DATAPATH-FACTS §8.4 [D2][D1][C30]`, {});
}

/** Flannel VXLAN on Windows: VNI ≥ 4096, port 4789, no DirectRouting. Seed «Какие плагины работают на Windows» (Flannel VXLAN); DATAPATH-FACTS §6 [F1][F5][W3]. */
function checkFlannel(s: Scenario, out: Findings): void {
  const f = flannelSettings(s)!;
  if (f.backend.type !== 'vxlan') return;
  const ref: ObjectRef = { kind: 'ConfigMap', namespace: 'kube-flannel', name: 'kube-flannel-cfg' };
  const src = `${SEED.plugins}; DATAPATH-FACTS §6 [F1][F2][F5][W3]`;
  if (f.backend.vni < 4096) out.add('flannel-vni', 'error', [ref], { vni: f.backend.vni }, src, {});
  if (f.backend.port !== 4789) out.add('flannel-port', 'error', [ref], { port: f.backend.port }, src, {});
  if (f.backend.directRouting) out.add('flannel-directrouting', 'error', [ref], {}, src, {});
}

/** At least one Linux worker (CoreDNS, the operator, Typha; Calico for Windows requires one). Seed «Рекомендуемый путь». */
function checkLinuxWorker(s: Scenario, out: Findings): void {
  const workers = s.nodes.filter((n) => n.os === 'linux' && !isControlPlane(n));
  if (workers.length > 0) return;
  out.add('linux-worker', 'error', s.nodes.filter((n) => n.os === 'linux').map((n) => n.ref), {}, `${SEED.newCluster} («Linux-воркеры обязательны»)`, {});
}

/**
 * One block per Windows node, its 4 reserved addresses and what that means
 * for maxPods; addresses Linux pods borrowed from a Windows block.
 * Seed «IPAM: strictAffinity, один блок и четыре адреса»; DATAPATH-FACTS §8.2 [C14][C27][C31][D1].
 */
function checkBlocks(s: Scenario, windowsNodes: NodeSpec[], compiled: CompiledCluster | undefined, out: Findings): void {
  const src = `${SEED.ipam}; DATAPATH-FACTS §8.2 [C14][C27][C31][D1]`;
  const pool = calicoSettings(s)?.pools.find((p) => !p.disabled);
  for (const n of windowsNodes) {
    const block = compiled?.ipam.blockOfNode.get(n.name);
    const blockSize = block ? block.cidr.len : pool?.blockSize;
    if (blockSize === undefined) continue;
    const usable = windowsUsableAddresses(blockSize);
    const blockText = block?.cidr.text ?? `/${blockSize}`;
    if (n.maxPods === undefined) {
      out.add('windows-max-pods-unknown', 'info', [n.ref], { node: n.name, usable, block: blockText, kubeletDefault: KUBELET_DEFAULT_MAX_PODS }, src, {});
    } else if (n.maxPods > usable) {
      out.add('windows-max-pods', 'warning', [n.ref], { node: n.name, maxPods: n.maxPods, usable, block: blockText }, src, {});
    }
  }
  if (!compiled) return;
  const winNames = new Set(windowsNodes.map((n) => n.name));
  for (const name of winNames) {
    const blocks = compiled.ipam.blocks.filter((b) => b.node === name);
    if (blocks.length > 1) {
      out.add('windows-one-block', 'error', [windowsNodes.find((n) => n.name === name)!.ref], { node: name, blocks: blocks.map((b) => b.cidr.text).join(', ') }, src, {});
    }
  }
  for (const b of compiled.ipam.blocks.filter((x) => x.windows)) {
    const reserved = new Set(b.reserved);
    for (const p of s.pods) {
      const ip = compiled.ipam.podIP.get(`${p.namespace}/${p.name}`);
      if (!p.hostNetwork && ip && reserved.has(ip)) {
        out.add('windows-reserved-address-used', 'error', [p.ref], { pod: `${p.namespace}/${p.name}`, ip, block: b.cidr.text, node: b.node }, src, {});
      }
    }
  }
  for (const br of compiled.ipam.borrowed.filter((x) => winNames.has(x.blockOwner))) {
    const pod = s.pods.find((p) => `${p.namespace}/${p.name}` === br.pod);
    const block = compiled.ipam.blockOfNode.get(br.blockOwner)?.cidr.text ?? '';
    out.add('borrowed-from-windows-block', 'error', pod ? [pod.ref] : [], { pod: br.pod, ip: br.ip, node: br.node, owner: br.blockOwner, block }, `${src}; DATAPATH-FACTS §8.2 [D3]`, {});
  }
}

/**
 * Rollback: possible only while no Windows node has joined — the same two
 * patches in reverse order. Seed «Альтернатива: перевод существующего кластера»
 * («откат возможен, только пока в кластере нет Windows-узлов»), «Шаг 3».
 */
function checkRollback(s: Scenario, windowsNodes: NodeSpec[], out: Findings): void {
  const src = `${SEED.migration} («откат»)`;
  // The rollback the seed speaks of is of the Calico migration.
  if (!calicoSettings(s)) return;
  if (windowsNodes.length > 0) {
    out.add('rollback-impossible', 'info', windowsNodes.map((n) => n.ref), { nodes: windowsNodes.map((n) => n.name).join(', ') }, src);
    return;
  }
  const c = calicoSettings(s);
  // Only once migrated (BGP already off): before that there is nothing to roll back.
  if (!c?.installation || c.bgp !== 'Disabled') return;
  const inst = installationName(c);
  const i = c.installation.pools.findIndex((name) => c.pools.some((p) => p.name === name && usesVxlan(p)));
  const commands = [bgpCommand(inst, 'Enabled'), ...(i >= 0 ? [poolEncapsulationCommand(inst, i, 'VXLANCrossSubnet')] : [])];
  out.add('rollback-before-join', 'info', [installationRef(c)], {}, src, { commands, commandsFrom: 'seed' });
}

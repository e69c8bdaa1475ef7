/**
 * kube-proxy's configuration as clusters hold it (issue 17 item 3):
 * - kubeadm's `kube-proxy` ConfigMap in kube-system: a KubeProxyConfiguration
 *   as a YAML string in `data."config.conf"` (kubeadm
 *   `cmd/kubeadm/app/phases/addons/proxy`, the config the Linux DaemonSet
 *   mounts). Its `winkernel:` block holds kubeadm's zero values
 *   (`enableDSR: false`, `sourceVip: ""`, `networkName: ""`), not what a
 *   Windows node's kube-proxy runs with, so zero values there are dropped.
 * - the Windows kube-proxy DaemonSet (kube-proxy-windows, sig-windows-tools
 *   `hostprocess/calico/kube-proxy`): the flags its containers pass
 *   (`--enable-dsr`, `--source-vip`, `--network-name`) and its env
 *   `KUBE_NETWORK`, where they are literal. sig-windows-tools' start.ps1
 *   computes them on each node (DSR on for kube-proxy ≥ 1.14, source VIP =
 *   the `Calico_ep` host endpoint's IP, network `Calico`), which is what the
 *   engine derives per node when no literal value is given. Each Windows
 *   node gets the flags of the DaemonSet whose nodeSelector and required
 *   node affinity select it (windowsPerNode).
 * - `kubeadm-config`'s ClusterConfiguration `networking.podSubnet`, which
 *   calico-node uses for its default pool (calicoManifest.ts).
 * Each yields a KubeProxyConfiguration-shaped object that
 * clusterSettings.buildKubeProxy reads like any other.
 */
import { parse as parseYaml } from 'yaml';
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import type { NodeSpec, WinkernelSpec } from '../model/scenario';
import type { RawObject } from './parse';
import { containerArgv, containersOf, flagValue } from './serviceCidr';
import { refOf } from './validate';

export const KUBE_PROXY_CONFIGMAP = 'kube-proxy';
export const KUBEADM_CONFIGMAP = 'kubeadm-config';

export interface KubeadmInputs {
  /** KubeProxyConfiguration objects read from ConfigMaps, as raw objects (lines point into the ConfigMap). */
  kubeProxy: RawObject[];
  /** Windows kube-proxy settings from DaemonSets (literal values only). */
  windows: { raw: RawObject; winkernel: { networkName?: string; sourceVip?: string; enableDSR?: boolean } }[];
  /** kubeadm-config ClusterConfiguration networking.podSubnet (IPv4 part). */
  podSubnet?: string;
  /** kubeadm-config ClusterConfiguration kubernetesVersion and controlPlaneEndpoint (`host[:port]`), with the ConfigMap. */
  clusterConfig?: { ref: ObjectRef; kubernetesVersion?: string; controlPlaneEndpoint?: { host: string; port?: string } };
}

export function emptyKubeadmInputs(): KubeadmInputs {
  return { kubeProxy: [], windows: [] };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function dataOf(raw: RawObject): Record<string, unknown> {
  return isRecord(raw.value.data) ? raw.value.data : {};
}

/** A YAML string field of a ConfigMap, parsed; errors become one diagnostic. */
function yamlField(raw: RawObject, key: string, diags: Diagnostic[]): unknown {
  const text = dataOf(raw)[key];
  if (typeof text !== 'string') return undefined;
  try {
    return parseYaml(text, { maxAliasCount: 100 }) as unknown;
  } catch (e) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: `data["${key}"]`, line: raw.lineOf(['data', key]), message: `not YAML: ${(e as Error).message}` });
    return undefined;
  }
}

/** The kube-proxy ConfigMap → its KubeProxyConfiguration, without kubeadm's zero-valued winkernel fields. */
export function readKubeProxyConfigMap(raw: RawObject, into: KubeadmInputs, diags: Diagnostic[]): void {
  const key = ['config.conf', 'config.yaml'].find((k) => typeof dataOf(raw)[k] === 'string');
  const ref = refOf(raw);
  if (!key) {
    diags.push({ severity: 'warning', code: 'invalid-field', object: ref, field: 'data["config.conf"]', line: raw.lineOf(['data']), message: 'the kube-proxy ConfigMap has no config.conf; skipped' });
    return;
  }
  const conf = yamlField(raw, key, diags);
  if (!isRecord(conf)) return;
  if (conf.kind !== undefined && conf.kind !== 'KubeProxyConfiguration') {
    diags.push({ severity: 'warning', code: 'invalid-field', object: ref, field: `data["${key}"].kind`, line: raw.lineOf(['data', key]), message: `config.conf holds a ${String(conf.kind)}, not a KubeProxyConfiguration; skipped` });
    return;
  }
  const value: Record<string, unknown> = { ...conf, kind: 'KubeProxyConfiguration', metadata: { name: ref.name, ...(ref.namespace ? { namespace: ref.namespace } : {}) } };
  if (isRecord(conf.winkernel)) {
    const wk = conf.winkernel;
    const kept = Object.fromEntries(Object.entries(wk).filter(([, v]) => v !== '' && v !== false && v !== null));
    if (Object.keys(kept).length < Object.keys(wk).length) {
      diags.push({ severity: 'info', code: 'derived', object: ref, field: `data["${key}"].winkernel`, line: raw.lineOf(['data', key]), message: 'the winkernel block of the kube-proxy ConfigMap holds kubeadm\'s zero values (enableDSR false, sourceVip "", networkName ""); they do not override the Windows kube-proxy\'s own flags and are ignored' });
    }
    value.winkernel = Object.keys(kept).length ? kept : undefined;
  }
  if (value.winkernel === undefined) delete value.winkernel;
  const lineOf = (): number | undefined => raw.lineOf(['data', key]);
  into.kubeProxy.push({ value, line: raw.line, lineOf });
}

/** kubeadm-config: ClusterConfiguration networking.podSubnet (calico-node's default pool when CALICO_IPV4POOL_CIDR is unset). */
export function readKubeadmConfig(raw: RawObject, into: KubeadmInputs, diags: Diagnostic[]): void {
  const conf = yamlField(raw, 'ClusterConfiguration', diags);
  const net = isRecord(conf) && isRecord(conf.networking) ? conf.networking : undefined;
  if (typeof net?.podSubnet === 'string') {
    const v4 = net.podSubnet.split(',').map((s) => s.trim()).find((s) => !s.includes(':'));
    if (v4) into.podSubnet = v4;
  }
  if (!isRecord(conf)) return;
  const endpoint = typeof conf.controlPlaneEndpoint === 'string' ? splitHostPort(conf.controlPlaneEndpoint.trim()) : undefined;
  into.clusterConfig = {
    ref: refOf(raw),
    ...(typeof conf.kubernetesVersion === 'string' ? { kubernetesVersion: conf.kubernetesVersion } : {}),
    ...(endpoint ? { controlPlaneEndpoint: endpoint } : {}),
  };
}

/**
 * `host`, `host:port`, `[v6]:port` as kubeadm's controlPlaneEndpoint holds
 * them (kubeadm docs: "a stable IP address or DNS name for the control
 * plane", optionally with a port); undefined when empty.
 */
export function splitHostPort(text: string): { host: string; port?: string } | undefined {
  if (text === '') return undefined;
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text);
  if (!m) return { host: text };
  return { host: m[1]!, ...(m[2] !== undefined ? { port: m[2] } : {}) };
}

/** Whether a DaemonSet runs kube-proxy on Windows nodes (its pod template selects kubernetes.io/os=windows and a container runs kube-proxy). */
function isWindowsKubeProxy(raw: RawObject): boolean {
  const text = JSON.stringify(raw.value.spec ?? {});
  const windows = /"kubernetes\.io\/os":"windows"|"key":"kubernetes\.io\/os","operator":"In","values":\["windows"\]/.test(text);
  return windows && (/kube-proxy/.test(refOf(raw).name) || /kube-proxy/.test(text));
}

/** Literal (not computed on the node: no `$env:`, `$(…)` or `$var`) values. */
function literal(v: string | undefined): string | undefined {
  return v !== undefined && v !== '' && !v.includes('$') ? v.replace(/^["']|["']$/g, '') : undefined;
}

/** A kube-proxy DaemonSet for Windows nodes: its literal winkernel flags. Other DaemonSets are not read (returns false). */
export function readKubeProxyDaemonSet(raw: RawObject, into: KubeadmInputs, diags: Diagnostic[]): boolean {
  if (!isWindowsKubeProxy(raw)) return false;
  const winkernel: KubeadmInputs['windows'][number]['winkernel'] = {};
  for (const c of containersOf(raw.value)) {
    const argv = containerArgv(c);
    const dsr = literal(flagValue(argv, '--enable-dsr'));
    if (dsr === 'true' || dsr === 'false') winkernel.enableDSR = dsr === 'true';
    const vip = literal(flagValue(argv, '--source-vip'));
    if (vip) winkernel.sourceVip = vip;
    const net = literal(flagValue(argv, '--network-name'));
    if (net) winkernel.networkName = net;
    const env = Array.isArray(c.env) ? c.env.filter(isRecord) : [];
    const kubeNetwork = literal(env.find((e) => e.name === 'KUBE_NETWORK' && typeof e.value === 'string')?.value as string | undefined);
    // kube-proxy reads KUBE_NETWORK when --network-name is not given (pkg/proxy/winkernel); a regex value (Calico.*) names no network exactly.
    if (kubeNetwork && !winkernel.networkName && !/[.*+?[\]()|^]/.test(kubeNetwork)) winkernel.networkName = kubeNetwork;
  }
  const computed = Object.keys(winkernel).length === 0;
  diags.push({
    severity: 'info',
    code: 'derived',
    object: refOf(raw),
    line: raw.line,
    message: computed
      ? 'the Windows kube-proxy DaemonSet sets no literal --enable-dsr, --source-vip or --network-name: its start script computes them on each node (DSR on, source VIP = the network\'s host endpoint, network Calico); derived per node'
      : `the Windows kube-proxy runs with ${Object.entries(winkernel).map(([k, v]) => `${k} ${String(v)}`).join(', ')} (from the DaemonSet); the rest is derived per node`,
  });
  into.windows.push({ raw, winkernel });
  return true;
}

function configMapWinkernel(into: KubeadmInputs): Record<string, unknown> {
  return into.kubeProxy.map((r) => r.value.winkernel).find(isRecord) ?? {};
}

/**
 * The KubeProxyConfiguration objects the inputs above amount to: the
 * ConfigMap's (Linux), then one `kernelspace` object with the first Windows
 * DaemonSet's flags (over any non-zero winkernel values the ConfigMap set);
 * nodes another DaemonSet starts differently get `winkernelByNode`.
 */
export function kubeProxyObjects(into: KubeadmInputs): RawObject[] {
  const out = [...into.kubeProxy];
  const first = into.windows[0];
  if (first) {
    const ref = refOf(first.raw);
    out.unshift({ value: { kind: 'KubeProxyConfiguration', metadata: { name: ref.name, namespace: ref.namespace }, mode: 'kernelspace', winkernel: { ...configMapWinkernel(into), ...first.winkernel } }, line: first.raw.line, lineOf: () => first.raw.line });
  }
  return out;
}

type Requirement = { key: string; operator: string; values: string[] };

/** Whether a DaemonSet's pods may run on a node: template nodeSelector and required node affinity (In, NotIn, Exists, DoesNotExist). */
function selects(raw: RawObject, labels: Record<string, string>): boolean {
  const spec = isRecord(raw.value.spec) && isRecord(raw.value.spec.template) && isRecord(raw.value.spec.template.spec) ? raw.value.spec.template.spec : {};
  const sel = isRecord(spec.nodeSelector) ? spec.nodeSelector : {};
  if (!Object.entries(sel).every(([k, v]) => labels[k] === v)) return false;
  const aff = isRecord(spec.affinity) && isRecord(spec.affinity.nodeAffinity) ? spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  const terms = isRecord(aff) && Array.isArray(aff.nodeSelectorTerms) ? aff.nodeSelectorTerms.filter(isRecord) : [];
  if (terms.length === 0) return true;
  const ok = (r: Requirement): boolean => {
    const has = Object.prototype.hasOwnProperty.call(labels, r.key);
    switch (r.operator) {
      case 'In':
        return has && r.values.includes(labels[r.key]!);
      case 'NotIn':
        return !has || !r.values.includes(labels[r.key]!);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default:
        return false;
    }
  };
  // Terms are ORed, the expressions of a term ANDed (core/v1 NodeSelector).
  return terms.some((t) => (Array.isArray(t.matchExpressions) ? t.matchExpressions : []).every((e) => isRecord(e) && ok({ key: String(e.key), operator: String(e.operator), values: Array.isArray(e.values) ? e.values.map(String) : [] })));
}

/**
 * Per Windows node: the settings of the DaemonSet that runs kube-proxy there,
 * when it differs from the cluster-wide one (two DaemonSets, e.g. one per
 * Windows build, started with different flags). Defaults as buildKubeProxy's.
 */
export function windowsPerNode(into: KubeadmInputs, cluster: WinkernelSpec, nodes: NodeSpec[], diags: Diagnostic[]): Record<string, WinkernelSpec> | undefined {
  if (into.windows.length === 0) return undefined;
  const cm = configMapWinkernel(into) as { networkName?: string; sourceVip?: string; enableDSR?: boolean };
  const out: Record<string, WinkernelSpec> = {};
  for (const n of nodes.filter((x) => x.os === 'windows')) {
    const ds = into.windows.find((w) => selects(w.raw, n.labels));
    if (!ds) {
      diags.push({ severity: 'warning', code: 'missing-reference', object: n.ref, message: `no Windows kube-proxy DaemonSet in the input selects this node (${into.windows.map((w) => refOf(w.raw).name).join(', ')}); the first one's settings are assumed` });
      continue;
    }
    const w = { ...cm, ...ds.winkernel };
    const spec: WinkernelSpec = { networkName: w.networkName || 'Calico', sourceVip: w.sourceVip || undefined, enableDSR: w.enableDSR ?? true };
    if (spec.networkName !== cluster.networkName || spec.sourceVip !== cluster.sourceVip || spec.enableDSR !== cluster.enableDSR) out[n.name] = { ...spec, from: `DaemonSet ${refOf(ds.raw).name}` };
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Loads a scenario from text: parse → validate each object by kind →
 * normalize → cluster-wide settings with upstream defaults → cross-checks.
 * Never throws on user input; everything it has to say is a Diagnostic.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import { isIPv4 } from '../model/ipv4';
import type { DumpVersions, Scenario, ServicesEndpointConfigMap } from '../model/scenario';
import { buildFabric, buildKubeProxy, type ClusterObjects } from './clusterSettings';
import { crossCheck } from './crossCheck';
import { emptyExtraObjects, extraKubeProxyObjects, readExtraObject, serviceCidrs, withWindowsPerNode, type ExtraObjects } from './extraObjects';
import { normalizeEndpointSlice, normalizeNode, normalizePod, normalizeService } from './normalize';
import { streamScenarioText, type RawObject } from './parse';
import { endpointSliceSchema, fabricSchema, configMapSchema, KNOWN_KINDS, kubeProxyConfigSchema, nodeSchema, podSchema, serviceSchema } from './schemas';
import { refOf, validated, validateObject } from './validate';
import { fastEndpointSlice, fastNode, fastPod, fastService } from './fastKinds';
import { directEndpointSlice } from './directSpecs';
import { emptyDumpVersions, readVersions, versionOfTag } from './versions';
import { nameProblem, nameRuleOf } from '../model/objectNames';
import { policyKindKey, readPolicyObject, type PolicyObjects } from '../policy/read';
import { cniReaderOf, cniServiceCidrs, keepCniObject, loadCniSettings } from '../linux/cni/settings';

/** Result of loading: `scenario` is null only when nothing usable was read. */
export interface LoadResult {
  scenario: Scenario | null;
  diagnostics: Diagnostic[];
}

/** The API server address for Calico on Windows. @see the seed ("Рекомендуемый путь": ConfigMap in `tigera-operator`) */
export const SERVICES_ENDPOINT_CONFIGMAP = 'kubernetes-services-endpoint';

/** Objects collected from every input file, plus what the Scenario keeps that ClusterObjects has no slot for. */
interface Collected {
  c: ClusterObjects;
  seen: Set<string>;
  servicesEndpoint: ServicesEndpointConfigMap[];
  /** kubeadm, kube-apiserver and Calico manifest objects (extraObjects.ts). */
  extra: ExtraObjects;
  /** Versions the images and objects show (versions.ts). */
  versions: DumpVersions;
  /** NetworkPolicy (Kubernetes and Calico), GlobalNetworkPolicy, Namespace (policy/read.ts). */
  policy: PolicyObjects;
  /** What a CNI plug-in read of its own objects (linux/cni/settings.ts), by plug-in name. */
  cni: Map<string, unknown[]>;
}

function newCollected(): Collected {
  return {
    c: { nodes: [], pods: [], services: [], slices: [], kubeProxy: [], fabric: [] },
    seen: new Set(),
    servicesEndpoint: [],
    extra: emptyExtraObjects(),
    versions: emptyDumpVersions(),
    policy: { policies: [], namespaces: [] },
    cni: new Map(),
  };
}

/**
 * Reads objects into `col`. Kinds the engine does not read (Deployments,
 * Events, … in a kubectl dump) are `unknown-kind` info: a real dump has many
 * and none of them is a problem.
 */
function collect(objects: RawObject[], col: Collected, diags: Diagnostic[]): void {
  const { seen } = col;
  // An index loop: a for-of allocates an iteration result per object until the loop is optimised, and a dump has 10,000s.
  for (let i = 0; i < objects.length; i++) {
    const raw = objects[i]!;
    const kind = raw.value.kind;
    const ref = refOf(raw);
    readVersions(kind, raw, col.versions);
    const cni = cniReaderOf(kind, raw);
    if (cni?.claim === 'lenient') {
      keepCniObject(cni.plugin, kind as string, raw, col.cni, diags);
      continue;
    }
    if (readExtraObject(kind, raw, col.extra, diags)) continue;
    if (typeof kind !== 'string' || (!cni && !(KNOWN_KINDS as readonly string[]).includes(kind))) {
      diags.push({ severity: 'info', code: 'unknown-kind', object: ref, line: raw.line, message: typeof kind === 'string' ? `kind ${kind} is not read by packetwalk; skipped` : 'object without a kind; skipped' });
      continue;
    }
    if (!namesValid(kind, raw, diags)) continue;
    const key = `${policyKindKey(kind, raw)}/${ref.namespace ?? ''}/${ref.name}`;
    if (seen.has(key) && kind !== 'KubeProxyConfiguration') {
      diags.push({ severity: 'warning', code: 'duplicate-object', object: ref, line: raw.line, message: 'the same object appears twice; the later one is skipped' });
      continue;
    }
    seen.add(key);
    if (cni) {
      keepCniObject(cni.plugin, kind, raw, col.cni, diags);
      continue;
    }
    if (readPolicyObject(kind, raw, col.policy, diags)) continue;
    readObject(kind, raw, col, diags);
  }
}

/**
 * `metadata.name` and `metadata.namespace` as the API server validates them
 * (names.ts); an object no cluster could hold is an error and is skipped.
 */
export function namesValid(kind: string, raw: RawObject, diags: Diagnostic[]): boolean {
  const md = raw.value.metadata;
  if (typeof md !== 'object' || md === null) return true;
  const { name, namespace } = md as Record<string, unknown>;
  const rule = nameRuleOf(kind);
  const problems: [string, string][] = [];
  const nameIssue = rule && typeof name === 'string' ? nameProblem(rule, name) : undefined;
  if (nameIssue) problems.push(['name', nameIssue]);
  const nsIssue = typeof namespace === 'string' ? nameProblem('dns1123-label', namespace) : undefined;
  if (nsIssue) problems.push(['namespace', nsIssue]);
  for (const [field, message] of problems) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: `metadata.${field}`, line: raw.lineOf(['metadata', field]), message: `${message}; the object is skipped` });
  }
  return problems.length === 0;
}

/**
 * winkernel's sourceVip must be an IPv4 address (kube-proxy creates an HNS
 * endpoint with it); anything else is an error and is dropped, so the node
 * IP is used as when it is unset.
 */
function withValidSourceVip(v: z.infer<typeof kubeProxyConfigSchema>, raw: RawObject, diags: Diagnostic[]): z.infer<typeof kubeProxyConfigSchema> {
  const vip = v.winkernel?.sourceVip;
  if (!vip || isIPv4(vip)) return v;
  diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: 'winkernel.sourceVip', line: raw.lineOf(['winkernel', 'sourceVip']), message: `"${vip}" is not an IPv4 address; sourceVip is ignored` });
  return { ...v, winkernel: { ...v.winkernel, sourceVip: undefined } };
}

function hasNodeName(raw: RawObject): boolean {
  const spec = raw.value.spec;
  return typeof spec === 'object' && spec !== null && typeof (spec as Record<string, unknown>).nodeName === 'string';
}

function readObject(kind: string, raw: RawObject, col: Collected, diags: Diagnostic[]): void {
  const c = col.c;
  switch (kind) {
    case 'Node': {
      const v = validated(nodeSchema, fastNode, raw, diags);
      const n = v && normalizeNode(v, raw, diags);
      if (n) c.nodes.push(n);
      return;
    }
    case 'Pod': {
      // A Pending pod not yet scheduled has no nodeName (real dumps have them): nothing to trace.
      if (!hasNodeName(raw)) {
        diags.push({ severity: 'info', code: 'missing-reference', object: refOf(raw), field: 'spec.nodeName', line: raw.line, message: 'the pod is not scheduled to a node (no spec.nodeName); skipped' });
        return;
      }
      const v = validated(podSchema, fastPod, raw, diags);
      if (v) c.pods.push(normalizePod(v));
      return;
    }
    case 'Service': {
      const v = validated(serviceSchema, fastService, raw, diags);
      const svc = v && normalizeService(v, raw, diags);
      if (svc) c.services.push(svc);
      return;
    }
    case 'EndpointSlice': {
      // The checked path, with its diagnostics, only when the one-pass read declines.
      const direct = directEndpointSlice(raw.value);
      const v = direct ? undefined : validated(endpointSliceSchema, fastEndpointSlice, raw, diags);
      const e = direct ?? (v && normalizeEndpointSlice(v, raw, diags));
      if (e) c.slices.push(e);
      return;
    }
    case 'KubeProxyConfiguration': {
      const v = validateObject(kubeProxyConfigSchema, raw, diags);
      if (v) c.kubeProxy.push({ value: withValidSourceVip(v, raw, diags), raw });
      return;
    }
    case 'ConfigMap':
      readConfigMap(raw, col, diags);
      return;
    case 'Fabric': {
      const v = validateObject(fabricSchema, raw, diags);
      if (v) c.fabric.push({ value: v, raw });
      return;
    }
  }
}

/**
 * `kubernetes-services-endpoint` is read (a CNI's own ConfigMap went to its
 * plug-in); other ConfigMaps are skipped silently (kubectl dumps have many,
 * and their data need not be strings: binaryData, or anything a user put there).
 */
function readConfigMap(raw: RawObject, col: Collected, diags: Diagnostic[]): void {
  const name = refOf(raw).name;
  if (name !== SERVICES_ENDPOINT_CONFIGMAP) return;
  const v = validateObject(configMapSchema, raw, diags);
  if (!v) return;
  const namespace = v.metadata.namespace ?? 'default';
  col.servicesEndpoint.push({ ref: { kind: 'ConfigMap', namespace, name }, namespace, host: v.data.KUBERNETES_SERVICE_HOST, port: v.data.KUBERNETES_SERVICE_PORT });
}

/**
 * Loads a scenario from YAML or JSON text.
 *
 * @param text multi-document YAML, a JSON object, or a `List`; at most MAX_INPUT_CHARS characters.
 * @param name the scenario's name (a preset name or file name).
 * @returns the scenario (null when no node could be read) and every diagnostic, errors first.
 */
export function loadScenarioText(text: string, name = 'scenario'): LoadResult {
  const { col, diags } = collectFiles([{ name, text }], false);
  return buildScenario(col, name, diags);
}

/** One input file: its name (shown in diagnostics) and text. */
export interface InputFile {
  name: string;
  text: string;
}

/**
 * Loads a scenario from several files (e.g. a kubectl dump, the Calico
 * resources and a Fabric): objects from all of them, as if concatenated; the
 * same object in two files is a `duplicate-object` warning. Every diagnostic
 * about a file's text or objects carries `file`.
 */
export function loadScenarioFiles(files: readonly InputFile[], name = files.map((f) => f.name).join('+') || 'scenario'): LoadResult {
  const { col, diags } = collectFiles(files, true);
  return buildScenario(col, name, diags);
}

/**
 * Collects the objects of every file, each as soon as its document is parsed
 * (parse.ts streamScenarioText). When the fast YAML path gives up on a file
 * midway (a syntax error in a later document), the partly collected objects
 * are discarded and the files are read again, that one by the full parser:
 * the result is exactly that of parsing every text first.
 */
function collectFiles(files: readonly InputFile[], tagFile: boolean): { col: Collected; diags: Diagnostic[] } {
  const full = new Set<number>();
  for (;;) {
    const diags: Diagnostic[] = [];
    const col = newCollected();
    const restart = files.findIndex((f, i) => {
      const own: Diagnostic[] = [];
      const parsed = streamScenarioText(f.text, (objects) => collect(objects, col, own), full.has(i));
      if (parsed === 'restart') return true;
      // The text's own diagnostics (syntax errors) come before those about its objects.
      for (const d of [...parsed, ...own]) diags.push(tagFile ? { ...d, file: f.name } : d);
      return false;
    });
    if (restart < 0) return { col, diags };
    full.add(restart);
  }
}

/** kubeadm-config's kubernetesVersion (beside the images' versions) and controlPlaneEndpoint. */
function clusterConfigFields(col: Collected): Pick<Scenario, 'versions' | 'controlPlaneEndpoint'> {
  const cc = col.extra.kubeadm.clusterConfig;
  const k8s = cc?.kubernetesVersion !== undefined ? versionOfTag(cc.kubernetesVersion) : undefined;
  const versions: DumpVersions = { ...col.versions, ...(k8s && cc ? { kubernetes: { version: k8s, object: cc.ref, field: 'ClusterConfiguration.kubernetesVersion' } } : {}) };
  return { versions, ...(cc?.controlPlaneEndpoint ? { controlPlaneEndpoint: { ...cc.controlPlaneEndpoint, ref: cc.ref } } : {}) };
}

function buildScenario(col: Collected, name: string, diags: Diagnostic[]): LoadResult {
  const objects = col.c;
  for (const raw of extraKubeProxyObjects(col.extra)) {
    const v = validateObject(kubeProxyConfigSchema, raw, diags);
    if (v) objects.kubeProxy.push({ value: v, raw });
  }
  const cniSettings = loadCniSettings(col.cni, { podSubnet: col.extra.kubeadm.podSubnet }, diags);
  const kubeProxy = withWindowsPerNode(col.extra, buildKubeProxy(objects, diags), objects.nodes, diags);
  const serviceCIDRs = serviceCidrs(col.extra, cniServiceCidrs(cniSettings), objects.services, diags);
  const fabric = buildFabric(objects, diags);
  const scenario: Scenario = {
    name,
    nodes: objects.nodes,
    pods: objects.pods,
    services: objects.services,
    endpointSlices: objects.slices,
    networkPolicies: col.policy.policies,
    namespaces: col.policy.namespaces,
    kubeProxy,
    ...(cniSettings ? { cniSettings } : {}),
    fabric,
    serviceCIDRs,
    clusterDomain: 'cluster.local',
    ...(col.servicesEndpoint.length ? { servicesEndpoint: col.servicesEndpoint } : {}),
    ...clusterConfigFields(col),
  };
  crossCheck(scenario, diags);
  if (scenario.nodes.length === 0) {
    diags.push({ severity: 'error', code: 'missing-reference', message: 'the scenario has no usable Node objects' });
  }
  const order = { error: 0, warning: 1, info: 2 } as const;
  diags.sort((a, b) => order[a.severity] - order[b.severity]);
  return { scenario: scenario.nodes.length > 0 ? scenario : null, diagnostics: diags };
}


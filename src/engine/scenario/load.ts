/**
 * Loads a scenario from text: parse → validate each object by kind →
 * normalize → cluster-wide settings with upstream defaults → cross-checks.
 * Never throws on user input; everything it has to say is a Diagnostic.
 */
import type { Diagnostic } from '../model/diagnostic';
import type { Scenario } from '../model/scenario';
import { buildCalico, buildFabric, buildFlannel, buildKubeProxy, type ClusterObjects } from './clusterSettings';
import { crossCheck } from './crossCheck';
import { normalizeEndpointSlice, normalizeIPPool, normalizeNode, normalizePod, normalizeService } from './normalize';
import { parseScenarioText, type RawObject } from './parse';
import {
  endpointSliceSchema,
  fabricSchema,
  felixConfigSchema,
  flannelConfigMapSchema,
  installationSchema,
  ipamConfigSchema,
  ipPoolSchema,
  KNOWN_KINDS,
  kubeProxyConfigSchema,
  networkPolicySchema,
  nodeSchema,
  podSchema,
  serviceSchema,
} from './schemas';
import { refOf, validateObject } from './validate';

/** Result of loading: `scenario` is null only when nothing usable was read. */
export interface LoadResult {
  scenario: Scenario | null;
  diagnostics: Diagnostic[];
}

const FLANNEL_CONFIGMAP = 'kube-flannel-cfg';

function collect(objects: RawObject[], diags: Diagnostic[]): ClusterObjects {
  const c: ClusterObjects = { nodes: [], pods: [], services: [], slices: [], policies: [], pools: [], installation: [], ipam: [], felix: [], kubeProxy: [], flannel: [], fabric: [] };
  const seen = new Set<string>();
  for (const raw of objects) {
    const kind = raw.value.kind;
    const ref = refOf(raw);
    if (typeof kind !== 'string' || !(KNOWN_KINDS as readonly string[]).includes(kind)) {
      diags.push({ severity: 'warning', code: 'unknown-kind', object: ref, line: raw.line, message: typeof kind === 'string' ? `kind ${kind} is not read by packetwalk; skipped` : 'object without a kind; skipped' });
      continue;
    }
    const key = `${kind}/${ref.namespace ?? ''}/${ref.name}`;
    if (seen.has(key) && kind !== 'KubeProxyConfiguration') {
      diags.push({ severity: 'warning', code: 'duplicate-object', object: ref, line: raw.line, message: 'the same object appears twice; the later one is skipped' });
      continue;
    }
    seen.add(key);
    readObject(kind, raw, c, diags);
  }
  return c;
}

function readObject(kind: string, raw: RawObject, c: ClusterObjects, diags: Diagnostic[]): void {
  switch (kind) {
    case 'Node': {
      const v = validateObject(nodeSchema, raw, diags);
      const n = v && normalizeNode(v, raw, diags);
      if (n) c.nodes.push(n);
      return;
    }
    case 'Pod': {
      const v = validateObject(podSchema, raw, diags);
      if (v) c.pods.push(normalizePod(v));
      return;
    }
    case 'Service': {
      const v = validateObject(serviceSchema, raw, diags);
      if (v) c.services.push(normalizeService(v, raw, diags));
      return;
    }
    case 'EndpointSlice': {
      const v = validateObject(endpointSliceSchema, raw, diags);
      const e = v && normalizeEndpointSlice(v, raw, diags);
      if (e) c.slices.push(e);
      return;
    }
    case 'NetworkPolicy': {
      const v = validateObject(networkPolicySchema, raw, diags);
      if (v) {
        const namespace = v.metadata.namespace ?? 'default';
        c.policies.push({ ref: { kind: 'NetworkPolicy', namespace, name: v.metadata.name }, namespace, name: v.metadata.name, spec: v.spec });
      }
      return;
    }
    case 'Installation': {
      const v = validateObject(installationSchema, raw, diags);
      if (v) c.installation.push({ value: v, raw });
      return;
    }
    case 'IPPool': {
      const v = validateObject(ipPoolSchema, raw, diags);
      if (v) c.pools.push(normalizeIPPool(v));
      return;
    }
    case 'IPAMConfiguration':
    case 'IPAMConfig': {
      const v = validateObject(ipamConfigSchema, raw, diags);
      if (v) c.ipam.push(v.spec.strictAffinity);
      return;
    }
    case 'FelixConfiguration': {
      const v = validateObject(felixConfigSchema, raw, diags);
      if (v) c.felix.push(v.spec);
      return;
    }
    case 'KubeProxyConfiguration': {
      const v = validateObject(kubeProxyConfigSchema, raw, diags);
      if (v) c.kubeProxy.push({ value: v, raw });
      return;
    }
    case 'ConfigMap':
      readConfigMap(raw, c, diags);
      return;
    case 'Fabric': {
      const v = validateObject(fabricSchema, raw, diags);
      if (v) c.fabric.push({ value: v, raw });
      return;
    }
  }
}

/** Only the flannel ConfigMap is read; other ConfigMaps are skipped silently (kubectl dumps have many). */
function readConfigMap(raw: RawObject, c: ClusterObjects, diags: Diagnostic[]): void {
  const v = validateObject(flannelConfigMapSchema, raw, diags);
  if (!v || v.metadata.name !== FLANNEL_CONFIGMAP) return;
  const text = v.data['net-conf.json'];
  if (text === undefined) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: 'data["net-conf.json"]', line: raw.lineOf(['data']), message: 'the flannel ConfigMap has no net-conf.json' });
    return;
  }
  try {
    c.flannel.push({ value: JSON.parse(text) as unknown, raw });
  } catch (e) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: 'data["net-conf.json"]', line: raw.lineOf(['data', 'net-conf.json']), message: `net-conf.json is not JSON: ${(e as Error).message}` });
  }
}

/**
 * Loads a scenario from YAML or JSON text.
 *
 * @param text multi-document YAML, a JSON object, or a `List`; at most MAX_INPUT_CHARS characters.
 * @param name the scenario's name (a preset name or file name).
 * @returns the scenario (null when no node could be read) and every diagnostic, errors first.
 */
export function loadScenarioText(text: string, name = 'scenario'): LoadResult {
  const parsed = parseScenarioText(text);
  const diags = [...parsed.diagnostics];
  const objects = collect(parsed.objects, diags);
  const calico = buildCalico(objects);
  const kubeProxy = buildKubeProxy(objects, diags);
  const flannel = buildFlannel(objects, diags);
  const serviceCIDRs = calico?.serviceCIDRs.length ? calico.serviceCIDRs : ['10.96.0.0/12'];
  const fabric = buildFabric(objects, diags);
  const scenario: Scenario = {
    name,
    nodes: objects.nodes,
    pods: objects.pods,
    services: objects.services,
    endpointSlices: objects.slices,
    networkPolicies: objects.policies,
    calico,
    kubeProxy,
    flannel,
    fabric,
    serviceCIDRs,
    clusterDomain: 'cluster.local',
  };
  crossCheck(scenario, diags);
  if (scenario.nodes.length === 0) {
    diags.push({ severity: 'error', code: 'missing-reference', message: 'the scenario has no usable Node objects' });
  }
  const order = { error: 0, warning: 1, info: 2 } as const;
  diags.sort((a, b) => order[a.severity] - order[b.severity]);
  return { scenario: scenario.nodes.length > 0 ? scenario : null, diagnostics: diags };
}


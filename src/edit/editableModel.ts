/**
 * What the edit forms offer, read from the worker's normalised scenario (issue
 * 19 item 3): the engine's defaults are the only defaults (blockSize,
 * natOutgoing, DSR, the OS of a node), and no YAML is parsed on the main
 * thread. The worker builds it (`EngineWorkerApi.editableModel`); the forms
 * turn a change into an `Edit` on the text (edits.ts).
 */
import { encapsulationOf, type Encapsulation } from '../engine/model/encapsulation';
import { FELIX_VXLAN_PORT, FELIX_VXLAN_VNI } from '../engine/model/felixDefaults';
import type { EndpointSliceSpec, NodeSpec, Scenario } from '../engine/index';
import { sortPolicies } from '../engine/model/policyOrder';
import { KNOWN_WINDOWS_BUILDS, parseWindowsBuild, releaseOf, type WindowsRelease } from '../engine/model/windowsBuilds';
import type { PoolRef } from './network';
import { flannelSettings } from '../engine/model/flannel';
import { policiesIn, type PolicyId } from './policies';
import { Docs } from './yamlDocument';
import { calicoSettings } from '../engine/model/calico';

/**
 * Above this size (characters) the edit forms are off: a dump of thousands
 * of pods is traced and checked, but edited by hand only in smaller form
 * (its forms would list every pod).
 */
export const EDITABLE_TEXT_LIMIT = 2_000_000;

/** The Windows releases the OS-build select offers (the build table's, engine/windows/osBuild.ts). */
export { KNOWN_WINDOWS_BUILDS };

/** The encapsulations the pool form offers (IPIPCrossSubnet is shown when a pool has it). */
export const ENCAPSULATIONS: readonly Encapsulation[] = ['VXLAN', 'VXLANCrossSubnet', 'IPIP', 'None'];


/** A node of the nodes form. `build`: a Windows node's reported build as the node shows it; `release`: the known release it belongs to (osBuild.ts). */
export interface EditableNode {
  name: string;
  os: 'linux' | 'windows';
  ip?: string;
  build?: string;
  release?: WindowsRelease;
}

/** A pod of the pods form (host-network pods are not edited there). */
export interface EditablePod {
  namespace: string;
  name: string;
  node: string;
  ip?: string;
}

/** A Service of the services form, with its endpoints. */
export interface EditableService {
  namespace: string;
  name: string;
  type: string;
  port?: number;
  targetPort?: number;
  nodePort?: number;
  externalTrafficPolicy: string;
  sessionAffinity: string;
  endpoints: { ip: string; node?: string }[];
}

/**
 * What every edit form needs at once: only what does not grow with the
 * cluster (issue 18). The nodes, pods and Services are asked a page at a
 * time (`EngineWorkerApi.editRows`).
 */
export interface EditableModel {
  pools: (PoolRef & { cidr: string; encapsulation: Encapsulation; blockSize: number; natOutgoing: boolean })[];
  /** Installation.spec.calicoNetwork.bgp (set when there is an Installation). */
  bgp?: 'Enabled' | 'Disabled';
  strictAffinity?: boolean;
  /** Felix VXLAN settings where they differ from Felix's defaults (the form shows the defaults as placeholders). */
  felix?: { vni?: number; port?: number };
  enableDSR?: boolean;
  /** Set when the scenario has a winkernel KubeProxyConfiguration (what the DSR edit changes). */
  winkernel: boolean;
  flannel?: { type: 'vxlan' | 'host-gw'; vni?: number; port?: number; directRouting: boolean };
  /** The scenario's namespaces (Namespace objects and those pods and services name), sorted: where a new policy may live. */
  namespaces: string[];
  /** The namespaces that have pods (not host network), in pod order: where a new policy starts (policyFields.ts initialNamespace). */
  podNamespaces: string[];
  /** The first pod (not host network, outside kube-system) on a Linux node: the IPAM view's borrowing example. */
  linuxPod?: EditablePod;
  /** The NetworkPolicies the engine read, in Felix's order, each with its object's text (what the YAML editor starts from). */
  policies: { id: PolicyId; order?: number; tier: string; assumption?: boolean; yaml: string }[];
}

const unlessDefault = (value: number, fallback: number): number | undefined => (value === fallback ? undefined : value);

function endpointsBySliceOwner(slices: readonly EndpointSliceSpec[]): Map<string, { ip: string; node?: string }[]> {
  const out = new Map<string, { ip: string; node?: string }[]>();
  for (const s of slices) {
    const key = `${s.namespace}/${s.serviceName}`;
    const list = out.get(key) ?? [];
    for (const ep of s.endpoints) for (const ip of ep.addresses) list.push({ ip, ...(ep.nodeName ? { node: ep.nodeName } : {}) });
    out.set(key, list);
  }
  return out;
}

function windowsBuild(n: NodeSpec): { build: string; release?: WindowsRelease } {
  const b = parseWindowsBuild(n.kernelVersion, n.labels, n.osImage);
  const release = releaseOf(b);
  return { build: b.label, ...(release ? { release } : {}) };
}

/** Each policy's text in `text` (parsed only when the scenario has policies). */
function policyTexts(s: Scenario, text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!text || s.networkPolicies.length === 0) return out;
  try {
    Docs.read(text, (d) => {
      for (const p of policiesIn(d)) out.set(JSON.stringify([p.id.kind, p.id.namespace, p.id.name]), d.textOf(p.at));
    });
  } catch {
    // Text the Document API refuses (the engine read it with its fast parser): the policies are listed without text.
  }
  return out;
}

function editablePolicies(s: Scenario, text: string | undefined): EditableModel['policies'] {
  const texts = policyTexts(s, text);
  // In Felix's order, as the engine evaluates them.
  return sortPolicies(s.networkPolicies).map((p) => {
    const id: PolicyId = p.namespace === undefined ? { kind: p.kind, name: p.ref.name } : { kind: p.kind, namespace: p.namespace, name: p.ref.name };
    return { id, ...(p.order !== undefined ? { order: p.order } : {}), tier: p.tier, ...(p.assumption ? { assumption: true } : {}), yaml: texts.get(JSON.stringify([id.kind, id.namespace, id.name])) ?? '' };
  });
}

/** The nodes form's rows, in scenario order. */
export const editableNodes = (s: Scenario): EditableNode[] => s.nodes.map((n) => ({ name: n.name, os: n.os, ...(n.internalIP ? { ip: n.internalIP } : {}), ...(n.os === 'windows' ? windowsBuild(n) : {}) }));

/** The pods form's rows (host-network pods are left out), in scenario order. */
export const editablePods = (s: Scenario): EditablePod[] => s.pods.filter((p) => !p.hostNetwork).map((p) => ({ namespace: p.namespace, name: p.name, node: p.nodeName, ...(p.ip ? { ip: p.ip } : {}) }));

/** The services form's rows, in scenario order. */
export function editableServices(s: Scenario): EditableService[] {
  const endpoints = endpointsBySliceOwner(s.endpointSlices);
  return s.services.map((svc) => {
    const p0 = svc.ports[0];
    return {
      namespace: svc.namespace,
      name: svc.name,
      type: svc.type,
      ...(p0 ? { port: p0.port } : {}),
      ...(typeof p0?.targetPort === 'number' ? { targetPort: p0.targetPort } : {}),
      ...(p0?.nodePort !== undefined ? { nodePort: p0.nodePort } : {}),
      externalTrafficPolicy: svc.externalTrafficPolicy,
      sessionAffinity: svc.sessionAffinity,
      endpoints: endpoints.get(`${svc.namespace}/${svc.name}`) ?? [],
    };
  });
}

/** The first pod (not host network, outside kube-system) on a Linux node: the IPAM panel's borrowing example. */
export function firstLinuxPod(s: Scenario): EditablePod | undefined {
  const linux = new Set(s.nodes.filter((n) => n.os === 'linux').map((n) => n.name));
  const p = s.pods.find((x) => !x.hostNetwork && linux.has(x.nodeName) && x.namespace !== 'kube-system');
  return p && { namespace: p.namespace, name: p.name, node: p.nodeName, ...(p.ip ? { ip: p.ip } : {}) };
}

/**
 * The editable objects of a normalised scenario; pools the what-if edits
 * cannot reach (a calico.yaml manifest's) are left out. `text`: the
 * scenario's text, for the policies' YAML.
 */
export function editableModel(s: Scenario, text?: string): EditableModel {
  const calico = calicoSettings(s);
  const linuxPod = firstLinuxPod(s);
  const model: EditableModel = {
    pools: (calico?.pools ?? [])
      .filter((p) => p.definedBy !== 'manifest')
      .map((p) => ({ source: p.definedBy === 'Installation' ? 'installation' : 'ippool', name: p.name, cidr: p.cidr, encapsulation: encapsulationOf(p), blockSize: p.blockSize, natOutgoing: p.natOutgoing })),
    winkernel: s.kubeProxy.winkernelConfig === true,
    namespaces: [...new Set([...(s.namespaces ?? []).map((n) => n.name), ...s.pods.map((p) => p.namespace), ...s.services.map((x) => x.namespace)])].sort(),
    podNamespaces: [...new Set(s.pods.filter((p) => !p.hostNetwork).map((p) => p.namespace))],
    ...(linuxPod ? { linuxPod } : {}),
    policies: editablePolicies(s, text),
  };
  if (calico?.installation) model.bgp = calico.bgp;
  if (calico) {
    model.strictAffinity = calico.strictAffinity;
    model.felix = { vni: unlessDefault(calico.vxlanVNI, FELIX_VXLAN_VNI), port: unlessDefault(calico.vxlanPort, FELIX_VXLAN_PORT) };
  }
  if (model.winkernel) model.enableDSR = s.kubeProxy.winkernel.enableDSR;
  const flannel = flannelSettings(s);
  if (flannel) {
    const b = flannel.backend;
    model.flannel = { type: b.type, ...(b.type === 'vxlan' ? { vni: b.vni, port: b.port } : {}), directRouting: b.directRouting };
  }
  return model;
}

/**
 * The versions one node runs, each with where it was read, in the order of
 * trust: what runs on the node (its Pod's image), what the workload for its
 * OS runs (a DaemonSet's image), what the Node reports (status.nodeInfo),
 * what the cluster was set up with (kubeadm-config kubernetesVersion).
 * kube-proxy ships with Kubernetes, so the kubelet's version stands in for
 * it last (an assumption, flagged: kubeadm installs both at one version).
 */
import type { NodeSpec, Scenario, VersionSource } from '../model/scenario';
import { versionOfTag } from '../scenario/versions';

export interface NodeVersion extends VersionSource {
  /** No object says it: taken from a related component (kube-proxy from the kubelet). */
  assumption?: boolean;
}

export interface NodeVersions {
  kubeProxy?: NodeVersion;
  kubelet?: NodeVersion;
  calico?: NodeVersion;
  osImage?: string;
  kernelVersion?: string;
}

function fromNodeInfo(n: NodeSpec, field: 'kubeletVersion' | 'kubeProxyVersion'): NodeVersion | undefined {
  const text = n[field];
  // Newer kubelets leave kubeProxyVersion empty or at v0.0.0 (KEP-4004 deprecates it).
  const version = text !== undefined ? versionOfTag(text) : undefined;
  if (!version || /^v0\.0(\.0)?$/.test(version)) return undefined;
  return { version, object: n.ref, field: `status.nodeInfo.${field}` };
}

/** The node's versions; fields the dump does not show are absent. */
export function nodeVersions(s: Scenario, n: NodeSpec): NodeVersions {
  const v = s.versions;
  const kubelet = fromNodeInfo(n, 'kubeletVersion');
  const kubeProxy: NodeVersion | undefined =
    v?.kubeProxy.byNode[n.name] ??
    v?.kubeProxy.byOs[n.os] ??
    fromNodeInfo(n, 'kubeProxyVersion') ??
    (kubelet ? { ...kubelet, assumption: true } : undefined) ??
    (v?.kubernetes ? { ...v.kubernetes, assumption: true } : undefined);
  const calico = v?.calico.byNode[n.name] ?? v?.calico.byOs[n.os];
  return {
    ...(kubeProxy ? { kubeProxy } : {}),
    ...(kubelet ? { kubelet } : {}),
    ...(calico ? { calico } : {}),
    ...(n.osImage ? { osImage: n.osImage } : {}),
    ...(n.kernelVersion ? { kernelVersion: n.kernelVersion } : {}),
  };
}

/**
 * Objects read for the cluster settings beyond the kinds of schemas.ts: the
 * kubeadm and kube-apiserver objects (kubeadm.ts, serviceCidr.ts). load.ts
 * hands each raw object here first (after the CNI plug-ins' lenient claims,
 * linux/cni/settings.ts); what is read here is not read again as its kind.
 */
import type { Diagnostic } from '../model/diagnostic';
import type { KubeProxySpec, NodeSpec, ServiceSpec } from '../model/scenario';
import { emptyKubeadmInputs, KUBE_PROXY_CONFIGMAP, KUBEADM_CONFIGMAP, kubeProxyObjects, readKubeadmConfig, readKubeProxyConfigMap, readKubeProxyDaemonSet, windowsPerNode, type KubeadmInputs } from './kubeadm';
import type { RawObject } from './parse';
import { chooseServiceCidrs, emptyServiceCidrInputs, readApiServerPod, readServiceCidrObject, type ServiceCidrInputs } from './serviceCidr';
import { refOf } from './validate';

export interface ExtraObjects {
  serviceCidr: ServiceCidrInputs;
  kubeadm: KubeadmInputs;
}

export function emptyExtraObjects(): ExtraObjects {
  return { serviceCidr: emptyServiceCidrInputs(), kubeadm: emptyKubeadmInputs() };
}

/**
 * Reads `raw` when it is one of these objects. Returns true when the object
 * is consumed (the caller skips it), false when it is read as its kind as
 * well (a kube-apiserver Pod is still a pod) or not at all.
 */
export function readExtraObject(kind: unknown, raw: RawObject, into: ExtraObjects, diags: Diagnostic[]): boolean {
  switch (kind) {
    case 'ServiceCIDR':
      readServiceCidrObject(raw, into.serviceCidr, diags);
      return true;
    case 'Pod':
      readApiServerPod(raw, into.serviceCidr, diags);
      return false;
    case 'DaemonSet':
      return readKubeProxyDaemonSet(raw, into.kubeadm, diags);
    case 'ConfigMap': {
      const ref = refOf(raw);
      if (ref.name === KUBE_PROXY_CONFIGMAP) readKubeProxyConfigMap(raw, into.kubeadm, diags);
      else if (ref.name === KUBEADM_CONFIGMAP) readKubeadmConfig(raw, into.kubeadm, diags);
      else return false;
      return true;
    }
    default:
      return false;
  }
}

/** KubeProxyConfiguration objects from the kube-proxy ConfigMap and the Windows DaemonSet, for clusterSettings. */
export function extraKubeProxyObjects(x: ExtraObjects): RawObject[] {
  return kubeProxyObjects(x.kubeadm);
}

/** kube-proxy settings with the Windows nodes that a different DaemonSet starts differently. */
export function withWindowsPerNode(x: ExtraObjects, kp: KubeProxySpec, nodes: NodeSpec[], diags: Diagnostic[]): KubeProxySpec {
  const byNode = windowsPerNode(x.kubeadm, kp.winkernel, nodes, diags);
  // A node's own KubeProxyConfiguration (hostnameOverride) wins over the DaemonSet's flags.
  return byNode ? { ...kp, winkernelByNode: { ...byNode, ...kp.winkernelByNode } } : kp;
}

/** The cluster's Service CIDRs; `cni` are those the CNI's settings state (Calico's Installation.spec.serviceCIDRs). */
export function serviceCidrs(x: ExtraObjects, cni: string[] | undefined, services: ServiceSpec[], diags: Diagnostic[]): string[] {
  return chooseServiceCidrs(x.serviceCidr, cni, services, diags);
}

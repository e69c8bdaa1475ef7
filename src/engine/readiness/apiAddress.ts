/**
 * The API server address calico-node-windows is given through the
 * kubernetes-services-endpoint ConfigMap (the seed, «Рекомендуемый путь»):
 * kubeadm-config's controlPlaneEndpoint (the cluster's stable API name, as
 * the seed's k8s-api.example.com), else the kubernetes Service's endpoint,
 * else a placeholder the reader must fill.
 */
import type { Scenario } from '../model/scenario';

/** The API server address for kubernetes-services-endpoint: kubeadm-config's controlPlaneEndpoint, else the kubernetes Service's endpoint. */
export function apiServerAddress(s: Scenario): { host: string; port: string; from: 'controlPlaneEndpoint' | 'endpointSlice' | 'placeholder' } {
  if (s.controlPlaneEndpoint) return { host: s.controlPlaneEndpoint.host, port: s.controlPlaneEndpoint.port ?? '6443', from: 'controlPlaneEndpoint' };
  const slice = s.endpointSlices.find((e) => e.namespace === 'default' && e.serviceName === 'kubernetes');
  const host = slice?.endpoints[0]?.addresses[0];
  return host ? { host, port: String(slice?.ports[0]?.port ?? 6443), from: 'endpointSlice' } : { host: '<API server address>', port: '6443', from: 'placeholder' };
}


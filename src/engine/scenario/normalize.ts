/**
 * Validated input objects → the normalized specs of model/scenario.ts.
 * One function per kind; each reads exactly the fields ARCHITECTURE.md lists.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import { isIPv4, isIPv6 } from '../model/ipv4';
import type { EndpointSliceSpec, IPPoolSpec, NodeSpec, PodSpec, ServiceSpec } from '../model/scenario';
import type { RawObject } from './parse';
import type { endpointSliceSchema, ipPoolSchema, nodeSchema, podSchema, serviceSchema } from './schemas';

const OS_LABEL = 'kubernetes.io/os';
const VXLAN_ADDR_ANNOTATION = 'projectcalico.org/IPv4VXLANTunnelAddr';
const VXLAN_MAC_ANNOTATION = 'projectcalico.org/VXLANTunnelMACAddr';
const FLANNEL_BACKEND_DATA = 'flannel.alpha.coreos.com/backend-data';

/** `{"VNI":4096,"VtepMAC":"aa:bb:…"}` → fields; anything unparsable → undefined (the lease then gets a derived VTEP MAC). */
function flannelBackendData(text: string | undefined): NodeSpec['flannelBackendData'] {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as { VNI?: unknown; VtepMAC?: unknown };
    return {
      vni: typeof v.VNI === 'number' ? v.VNI : undefined,
      vtepMac: typeof v.VtepMAC === 'string' ? v.VtepMAC.toLowerCase().replaceAll('-', ':') : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Node: OS from the `kubernetes.io/os` label (else nodeInfo.operatingSystem), IP from status.addresses[InternalIP]. */
export function normalizeNode(n: z.infer<typeof nodeSchema>, raw: RawObject, diags: Diagnostic[]): NodeSpec | undefined {
  const ref = { kind: 'Node', name: n.metadata.name };
  const osText = n.metadata.labels[OS_LABEL] ?? n.status.nodeInfo?.operatingSystem ?? 'linux';
  if (osText !== 'linux' && osText !== 'windows') {
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `metadata.labels["${OS_LABEL}"]`, line: raw.lineOf(['metadata', 'labels']), message: `OS "${osText}" is neither linux nor windows` });
    return undefined;
  }
  const addrIndex = n.status.addresses.findIndex((a) => a.type === 'InternalIP' && !isIPv6(a.address));
  const addr = n.status.addresses[addrIndex]?.address;
  if (!addr || !isIPv4(addr)) {
    const v6 = n.status.addresses.some((a) => a.type === 'InternalIP' && isIPv6(a.address));
    diags.push({
      severity: 'error',
      code: v6 ? 'ipv6-unsupported' : 'invalid-field',
      object: ref,
      field: addrIndex >= 0 ? `status.addresses[${addrIndex}].address` : 'status.addresses',
      line: raw.lineOf(['status', 'addresses']),
      message: v6 ? 'the node has only an IPv6 InternalIP; the model is IPv4-only' : 'the node needs an IPv4 address of type InternalIP',
    });
    return undefined;
  }
  return {
    ref,
    name: n.metadata.name,
    os: osText,
    internalIP: addr,
    podCIDR: n.spec.podCIDR,
    osImage: n.status.nodeInfo?.osImage,
    kernelVersion: n.status.nodeInfo?.kernelVersion,
    labels: n.metadata.labels,
    vxlanTunnelAddr: n.metadata.annotations[VXLAN_ADDR_ANNOTATION],
    vxlanTunnelMac: n.metadata.annotations[VXLAN_MAC_ANNOTATION]?.toLowerCase().replaceAll('-', ':'),
    flannelBackendData: flannelBackendData(n.metadata.annotations[FLANNEL_BACKEND_DATA]),
    maxPods: podCount(n.status.allocatable?.pods ?? n.status.capacity?.pods),
  };
}

/** A `pods` quantity (`"110"` or 110) → number; anything else → undefined. */
function podCount(q: string | number | undefined): number | undefined {
  const n = typeof q === 'number' ? q : q !== undefined && /^\d+$/.test(q) ? Number(q) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function normalizePod(p: z.infer<typeof podSchema>): PodSpec {
  const namespace = p.metadata.namespace ?? 'default';
  return {
    ref: { kind: 'Pod', namespace, name: p.metadata.name },
    namespace,
    name: p.metadata.name,
    nodeName: p.spec.nodeName,
    hostNetwork: p.spec.hostNetwork,
    ip: p.status.podIP,
    labels: p.metadata.labels,
  };
}

/** Service: NodePort/LoadBalancer ports keep their nodePort; `targetPort` defaults to `port` as the API server does. */
export function normalizeService(s: z.infer<typeof serviceSchema>, raw: RawObject, diags: Diagnostic[]): ServiceSpec {
  const namespace = s.metadata.namespace ?? 'default';
  const ref = { kind: 'Service', namespace, name: s.metadata.name };
  const ports = s.spec.ports.map((p, i) => {
    if (p.nodePort !== undefined && s.spec.type !== 'NodePort' && s.spec.type !== 'LoadBalancer') {
      diags.push({ severity: 'warning', code: 'invalid-field', object: ref, field: `spec.ports[${i}].nodePort`, line: raw.lineOf(['spec', 'ports', i, 'nodePort']), message: `nodePort is ignored on a ${s.spec.type} service` });
    }
    const nodePort = s.spec.type === 'NodePort' || s.spec.type === 'LoadBalancer' ? p.nodePort : undefined;
    return { name: p.name, protocol: p.protocol, port: p.port, targetPort: p.targetPort ?? p.port, nodePort };
  });
  const clusterIP = s.spec.clusterIP === 'None' ? undefined : s.spec.clusterIP;
  return {
    ref,
    namespace,
    name: s.metadata.name,
    type: s.spec.type,
    clusterIP,
    ports,
    externalIPs: s.spec.externalIPs,
    loadBalancerIngress: (s.status?.loadBalancer?.ingress ?? []).flatMap((i) => (i.ip ? [i.ip] : [])),
    loadBalancerSourceRanges: s.spec.loadBalancerSourceRanges,
    externalTrafficPolicy: s.spec.externalTrafficPolicy,
    internalTrafficPolicy: s.spec.internalTrafficPolicy,
    sessionAffinity: s.spec.sessionAffinity,
    sessionAffinityTimeout: s.spec.sessionAffinityConfig?.clientIP?.timeoutSeconds ?? 10800,
    annotations: s.metadata.annotations,
  };
}

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/**
 * EndpointSlice: conditions default as the API documents them (ready and
 * serving unknown → true, terminating → false). IPv6/FQDN slices are skipped
 * with a warning.
 */
export function normalizeEndpointSlice(e: z.infer<typeof endpointSliceSchema>, raw: RawObject, diags: Diagnostic[]): EndpointSliceSpec | undefined {
  const namespace = e.metadata.namespace ?? 'default';
  const ref = { kind: 'EndpointSlice', namespace, name: e.metadata.name };
  if (e.addressType !== 'IPv4') {
    diags.push({ severity: 'warning', code: e.addressType === 'IPv6' ? 'ipv6-unsupported' : 'invalid-field', object: ref, field: 'addressType', line: raw.lineOf(['addressType']), message: `${e.addressType} EndpointSlices are not modelled; skipped` });
    return undefined;
  }
  const serviceName = e.metadata.labels[SERVICE_NAME_LABEL];
  if (!serviceName) {
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `metadata.labels["${SERVICE_NAME_LABEL}"]`, line: raw.lineOf(['metadata']), message: 'an EndpointSlice needs the kubernetes.io/service-name label' });
    return undefined;
  }
  const endpoints = e.endpoints.flatMap((ep, i) => {
    const bad = ep.addresses.findIndex((a) => !isIPv4(a));
    if (bad >= 0) {
      diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `endpoints[${i}].addresses[${bad}]`, line: raw.lineOf(['endpoints', i, 'addresses', bad]), message: `"${ep.addresses[bad]}" is not an IPv4 address` });
      return [];
    }
    const ready = ep.conditions.ready ?? true;
    return [
      {
        addresses: ep.addresses,
        ready,
        serving: ep.conditions.serving ?? ready,
        terminating: ep.conditions.terminating ?? false,
        nodeName: ep.nodeName,
        pod: ep.targetRef && (ep.targetRef.kind ?? 'Pod') === 'Pod' ? `${ep.targetRef.namespace ?? namespace}/${ep.targetRef.name}` : undefined,
      },
    ];
  });
  return { ref, namespace, name: e.metadata.name, serviceName, ports: e.ports, endpoints };
}

export function normalizeIPPool(p: z.infer<typeof ipPoolSchema>): IPPoolSpec {
  return {
    ref: { kind: 'IPPool', name: p.metadata.name },
    name: p.metadata.name,
    cidr: p.spec.cidr,
    blockSize: p.spec.blockSize,
    vxlanMode: p.spec.vxlanMode,
    ipipMode: p.spec.ipipMode,
    natOutgoing: p.spec.natOutgoing,
    disabled: p.spec.disabled,
  };
}


/**
 * Validated input objects → the normalized specs of model/scenario.ts.
 * One function per kind; each reads exactly the fields ARCHITECTURE.md lists.
 */
import type { z } from 'zod';
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import { ipv4Range, isIPv4, isIPv6, parseCidr } from '../model/ipv4';
import type { EndpointSliceSpec, NodeSpec, PodSpec, ServiceSpec } from '../model/scenario';
import type { RawObject } from './parse';
import { moreNodeAddresses } from './nodeAddresses';
import type { endpointSliceSchema, nodeSchema, podSchema, serviceSchema } from './schemas';

const OS_LABEL = 'kubernetes.io/os';
const VXLAN_ADDR_ANNOTATION = 'projectcalico.org/IPv4VXLANTunnelAddr';
/** Calico Node spec.bgp.routeReflectorClusterID as the Kubernetes datastore keeps it (libcalico-go k8s conversion). */
const RR_CLUSTER_ID_ANNOTATION = 'projectcalico.org/RouteReflectorClusterID';
const VXLAN_MAC_ANNOTATION = 'projectcalico.org/VXLANTunnelMACAddr';
const FLANNEL_BACKEND_DATA = 'flannel.alpha.coreos.com/backend-data';

/** VXLAN's 24-bit VNI (RFC 7348). */
const MAX_VNI = 16777215;

/** `AA-BB-CC-DD-EE-FF` or `aa:bb:…` → `aa:bb:cc:dd:ee:ff`; anything else → undefined. */
function macOf(text: string): string | undefined {
  const m = text.trim().toLowerCase().replaceAll('-', ':');
  return /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/.test(m) ? m : undefined;
}

/** `{"VNI":4096,"VtepMAC":"aa:bb:…"}` → fields; anything unparsable → undefined (the lease then gets a derived VTEP MAC). */
function flannelBackendData(text: string | undefined): NodeSpec['flannelBackendData'] {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as { VNI?: unknown; VtepMAC?: unknown };
    const mac = typeof v.VtepMAC === 'string' ? macOf(v.VtepMAC) : undefined;
    return {
      vni: typeof v.VNI === 'number' && Number.isInteger(v.VNI) && v.VNI >= 0 && v.VNI <= MAX_VNI ? v.VNI : undefined,
      vtepMac: mac,
    };
  } catch {
    return undefined;
  }
}

/** Ranges the kubelet's validateNodeIP (pkg/kubelet/nodestatus/setters.go) refuses for a node address, in words. */
const NOT_A_NODE_ADDRESS: Readonly<Record<string, string>> = {
  unspecified: 'in 0.0.0.0/8 ("this network")',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

const nodeAddressProblem = (ip: string): string | undefined => NOT_A_NODE_ADDRESS[ipv4Range(ip)];

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
  const unusable = nodeAddressProblem(addr);
  if (unusable) {
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `status.addresses[${addrIndex}].address`, line: raw.lineOf(['status', 'addresses']), message: `${addr} is ${unusable}, which the kubelet refuses as a node address; the node is skipped` });
    return undefined;
  }
  const more = moreNodeAddresses(n.status.addresses, addr);
  return {
    ref,
    name: n.metadata.name,
    os: osText,
    ...nodeTunnel(n.metadata.annotations, ref, raw, diags),
    internalIP: addr,
    ...(more.length ? { moreAddresses: more } : {}),
    podCIDR: n.spec.podCIDR,
    osImage: n.status.nodeInfo?.osImage,
    kernelVersion: n.status.nodeInfo?.kernelVersion,
    ...(n.status.nodeInfo?.kubeletVersion ? { kubeletVersion: n.status.nodeInfo.kubeletVersion } : {}),
    ...(n.status.nodeInfo?.kubeProxyVersion ? { kubeProxyVersion: n.status.nodeInfo.kubeProxyVersion } : {}),
    labels: n.metadata.labels,
    ...(n.metadata.annotations[RR_CLUSTER_ID_ANNOTATION] ? { routeReflectorClusterID: n.metadata.annotations[RR_CLUSTER_ID_ANNOTATION] } : {}),
    flannelBackendData: flannelBackendData(n.metadata.annotations[FLANNEL_BACKEND_DATA]),
    maxPods: podCount(n.status.allocatable?.pods ?? n.status.capacity?.pods),
  };
}

/**
 * Calico's VXLAN tunnel annotations. A value that is not an IPv4 address (a
 * CIDR, a typo) or not a MAC is an error and is ignored, so the node loads
 * with its tunnel address derived from IPAM as if the annotation were absent.
 * Assumption: Felix cannot use an unparsable tunnel address either (libcalico-go
 * reads the annotation into Node.spec.ipv4VXLANTunnelAddr, which its validator
 * requires to be an IP).
 */
function nodeTunnel(annotations: Record<string, string>, ref: ObjectRef, raw: RawObject, diags: Diagnostic[]): Pick<NodeSpec, 'vxlanTunnelAddr' | 'vxlanTunnelMac'> {
  const addr = annotations[VXLAN_ADDR_ANNOTATION];
  const macText = annotations[VXLAN_MAC_ANNOTATION];
  const mac = macText === undefined ? undefined : macOf(macText);
  const bad = (key: string, message: string): void => {
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `metadata.annotations["${key}"]`, line: raw.lineOf(['metadata', 'annotations', key]), message: `${message}; the annotation is ignored` });
  };
  if (addr !== undefined && !isIPv4(addr)) bad(VXLAN_ADDR_ANNOTATION, `"${addr}" is not an IPv4 address${parseCidr(addr) ? ' (a prefix where Calico writes an address)' : ''}`);
  if (macText !== undefined && !mac) bad(VXLAN_MAC_ANNOTATION, `"${macText}" is not a MAC address`);
  return {
    ...(addr !== undefined && isIPv4(addr) ? { vxlanTunnelAddr: addr } : {}),
    ...(mac ? { vxlanTunnelMac: mac } : {}),
  };
}

/** A `pods` quantity (`"110"` or 110) → number; anything else → undefined. */
function podCount(q: string | number | undefined): number | undefined {
  const n = typeof q === 'number' ? q : q !== undefined && /^\d+$/.test(q) ? Number(q) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function podPorts(p: z.infer<typeof podSchema>): Pick<PodSpec, 'ports'> {
  const ports = (p.spec.containers ?? []).flatMap((c) => c.ports ?? []);
  return ports.length ? { ports: ports.map((x) => ({ ...(x.name ? { name: x.name } : {}), containerPort: x.containerPort, protocol: x.protocol })) } : {};
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
    ...podPorts(p),
  };
}

/**
 * LoadBalancerSourceRanges as kube-proxy reads them: trimmed (API validation
 * lets whitespace padding through), host bits masked (net.ParseCIDR), IPv6
 * ranges left to the other family, and a zero prefix meaning "allow any".
 * @see kubernetes pkg/proxy/serviceport.go newBaseServiceInfo
 * Returns undefined when a range is not a prefix at all (the API server's
 * ValidateService rejects such a Service).
 */
function sourceRanges(ranges: readonly string[], bad: (i: number, message: string) => void): { v4: string[]; v6: boolean } | undefined {
  const v4: string[] = [];
  let v6 = false;
  let any = false;
  // Index loops, here and below: a 1,000-node dump has 10,000 Services, and iterators and callbacks allocate.
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i]!;
    const t = r.trim();
    if (isIPv6(t) && t.includes('/')) {
      v6 = true;
      continue;
    }
    const c = t.includes('/') ? parseCidr(t) : undefined;
    if (!c) {
      bad(i, `"${r}" is not a CIDR`);
      return undefined;
    }
    v4.push(c.text);
    any ||= c.text.endsWith('/0');
  }
  return { v4: any ? [] : v4, v6 };
}

/**
 * Service: NodePort/LoadBalancer ports keep their nodePort; `targetPort`
 * defaults to `port` as the API server does. A dual-stack Service keeps its
 * IPv4 half (clusterIP, externalIPs, LB ingress, source ranges) with one info
 * diagnostic; an IPv6-only one is skipped. kube-proxy filters each of these
 * lists by IP family the same way (serviceport.go MapIPsByIPFamily).
 */
export function normalizeService(s: z.infer<typeof serviceSchema>, raw: RawObject, diags: Diagnostic[]): ServiceSpec | undefined {
  const namespace = s.metadata.namespace ?? 'default';
  const ref = { kind: 'Service', namespace, name: s.metadata.name };
  const ranges = sourceRanges(s.spec.loadBalancerSourceRanges, (i, message) =>
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `spec.loadBalancerSourceRanges[${i}]`, line: raw.lineOf(['spec', 'loadBalancerSourceRanges', i]), message: `${message}; the Service is skipped` }),
  );
  if (!ranges) return undefined;
  const family = serviceFamilies(s);
  if (family.v6Only) {
    diags.push({ severity: 'error', code: 'ipv6-unsupported', object: ref, field: 'spec.clusterIP', line: raw.lineOf(['spec', 'clusterIP']), message: `the Service is IPv6-only (${s.spec.clusterIP}); the model is IPv4-only, so it is skipped` });
    return undefined;
  }
  const ingress: string[] = [];
  const given = s.status?.loadBalancer?.ingress ?? [];
  for (let i = 0; i < given.length; i++) if (given[i]!.ip) ingress.push(given[i]!.ip!);
  const v6 = family.v6 || ranges.v6 || !s.spec.externalIPs.every(isIPv4) || !ingress.every(isIPv4);
  if (v6) {
    diags.push({ severity: 'info', code: 'ipv6-unsupported', object: ref, field: 'spec.ipFamilies', line: raw.lineOf(['spec', 'ipFamilies']), message: 'dual-stack Service: its IPv4 half is modelled, the IPv6 half (ClusterIP, external and load-balancer addresses, source ranges) is not' });
  }
  const ports = s.spec.ports.map((p, i) => {
    if (p.nodePort !== undefined && s.spec.type !== 'NodePort' && s.spec.type !== 'LoadBalancer') {
      diags.push({ severity: 'warning', code: 'invalid-field', object: ref, field: `spec.ports[${i}].nodePort`, line: raw.lineOf(['spec', 'ports', i, 'nodePort']), message: `nodePort is ignored on a ${s.spec.type} service` });
    }
    const nodePort = s.spec.type === 'NodePort' || s.spec.type === 'LoadBalancer' ? p.nodePort : undefined;
    return { name: p.name, protocol: p.protocol, port: p.port, targetPort: p.targetPort ?? p.port, nodePort };
  });
  return {
    ref,
    namespace,
    name: s.metadata.name,
    type: s.spec.type,
    clusterIP: family.v4ClusterIP,
    ...(s.spec.clusterIP === 'None' && s.spec.type !== 'ExternalName' ? { headless: true } : {}),
    ...(s.spec.type === 'ExternalName' && s.spec.externalName?.trim() ? { externalName: s.spec.externalName.trim().replace(/\.$/, '') } : {}),
    ports,
    externalIPs: s.spec.externalIPs.filter(isIPv4),
    loadBalancerIngress: ingress.filter(isIPv4),
    loadBalancerSourceRanges: ranges.v4,
    externalTrafficPolicy: s.spec.externalTrafficPolicy,
    ...(s.spec.healthCheckNodePort !== undefined ? { healthCheckNodePort: s.spec.healthCheckNodePort } : {}),
    internalTrafficPolicy: s.spec.internalTrafficPolicy,
    sessionAffinity: s.spec.sessionAffinity,
    sessionAffinityTimeout: s.spec.sessionAffinityConfig?.clientIP?.timeoutSeconds ?? 10800,
    annotations: s.metadata.annotations,
  };
}

/** The IPv4 ClusterIP of a Service (from clusterIP or clusterIPs), and whether it has an IPv6 half or is IPv6-only. */
function serviceFamilies(s: z.infer<typeof serviceSchema>): { v4ClusterIP?: string; v6: boolean; v6Only: boolean } {
  const { clusterIP, clusterIPs, ipFamilies } = s.spec;
  let v4ClusterIP: string | undefined;
  let v6 = false;
  // clusterIP, then each of clusterIPs; "None" is no address.
  for (let i = -1; i < (clusterIPs?.length ?? 0); i++) {
    const ip = i < 0 ? clusterIP : clusterIPs![i];
    if (ip === undefined || ip === 'None') continue;
    if (!isIPv4(ip)) v6 = true;
    else v4ClusterIP ??= ip;
  }
  v6 ||= ipFamilies?.includes('IPv6') === true;
  const v4Family = v4ClusterIP !== undefined || ipFamilies === undefined || ipFamilies.includes('IPv4');
  return { v4ClusterIP, v6, v6Only: v6 && !v4Family };
}

export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/**
 * EndpointSlice: conditions default as the API documents them (ready and
 * serving unknown → true, terminating → false). IPv6/FQDN slices are skipped
 * with a warning.
 */
export function normalizeEndpointSlice(e: z.infer<typeof endpointSliceSchema>, raw: RawObject, diags: Diagnostic[]): EndpointSliceSpec | undefined {
  const namespace = e.metadata.namespace ?? 'default';
  const ref = { kind: 'EndpointSlice', namespace, name: e.metadata.name };
  if (e.addressType !== 'IPv4') {
    // An IPv6 slice is the other half of a dual-stack Service: information, like the Service's own note.
    diags.push({ severity: e.addressType === 'IPv6' ? 'info' : 'warning', code: e.addressType === 'IPv6' ? 'ipv6-unsupported' : 'invalid-field', object: ref, field: 'addressType', line: raw.lineOf(['addressType']), message: `${e.addressType} EndpointSlices are not modelled; skipped` });
    return undefined;
  }
  const serviceName = e.metadata.labels[SERVICE_NAME_LABEL];
  if (!serviceName) {
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `metadata.labels["${SERVICE_NAME_LABEL}"]`, line: raw.lineOf(['metadata']), message: 'an EndpointSlice needs the kubernetes.io/service-name label' });
    return undefined;
  }
  const endpoints: EndpointSliceSpec['endpoints'] = [];
  // A loop, not flatMap: a 1,000-node dump has 100,000 endpoints.
  for (let i = 0; i < e.endpoints.length; i++) {
    const ep = e.endpoints[i]!;
    const bad = ep.addresses.findIndex((a) => !isIPv4(a));
    if (bad >= 0) {
      diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: `endpoints[${i}].addresses[${bad}]`, line: raw.lineOf(['endpoints', i, 'addresses', bad]), message: `"${ep.addresses[bad]}" is not an IPv4 address` });
      continue;
    }
    const ready = ep.conditions.ready ?? true;
    endpoints.push({
      addresses: ep.addresses,
      ready,
      serving: ep.conditions.serving ?? ready,
      terminating: ep.conditions.terminating ?? false,
      nodeName: ep.nodeName,
      pod: ep.targetRef && (ep.targetRef.kind ?? 'Pod') === 'Pod' ? `${ep.targetRef.namespace ?? namespace}/${ep.targetRef.name}` : undefined,
    });
  }
  return { ref, namespace, name: e.metadata.name, serviceName, ports: e.ports, endpoints };
}

/**
 * zod schemas of the input kinds (ARCHITECTURE.md "Input"): only the fields
 * the engine reads, lenient about the rest, so `kubectl get -o yaml` output
 * validates as is. Defaults are upstream's where a field is optional.
 */
import { z } from 'zod';
import { cidr, ipAny, ipv4, labels, mac, metadata, objectName, port, protocol } from './fields';

export const nodeSchema = z.object({
  metadata,
  spec: z.object({ podCIDR: cidr.optional() }).optional().default({}),
  status: z
    .object({
      addresses: z.array(z.object({ type: z.string(), address: z.string() })).optional().default([]),
      nodeInfo: z
        .object({ osImage: z.string().optional(), kernelVersion: z.string().optional(), operatingSystem: z.string().optional(), kubeletVersion: z.string().optional(), kubeProxyVersion: z.string().optional() })
        .optional(),
      // kubectl prints quantities as strings ("110"); read only `pods`.
      capacity: z.object({ pods: z.union([z.string(), z.number()]).optional() }).optional(),
      allocatable: z.object({ pods: z.union([z.string(), z.number()]).optional() }).optional(),
    })
    .optional()
    .default({ addresses: [] }),
});

export const podSchema = z.object({
  metadata,
  spec: z.object({
    nodeName: z.string().min(1),
    hostNetwork: z.boolean().optional().default(false),
    // Named container ports (NetworkPolicy `port: <name>`); other container fields are not read.
    containers: z.array(z.object({ ports: z.array(z.object({ name: z.string().optional(), containerPort: port, protocol })).nullish() })).nullish(),
  }),
  status: z.object({ podIP: ipv4.optional() }).optional().default({}),
});

export const serviceSchema = z.object({
  metadata,
  spec: z.object({
    type: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName']).optional().default('ClusterIP'),
    // Dual-stack: clusterIP is the primary family's, clusterIPs holds both; normalizeService keeps the IPv4 half.
    clusterIP: z.union([ipAny, z.literal('None')]).optional(),
    clusterIPs: z.array(z.union([ipAny, z.literal('None')])).optional(),
    externalName: z.string().optional(),
    ipFamilies: z.array(z.enum(['IPv4', 'IPv6'])).optional(),
    ports: z
      .array(
        z.object({
          name: z.string().optional(),
          protocol,
          port,
          targetPort: z.union([port, z.string().min(1)]).optional(),
          nodePort: z.number().int().min(1).max(65535).optional(),
        }),
      )
      .optional()
      .default([]),
    externalIPs: z.array(ipAny).optional().default([]),
    // Checked by normalizeService after trimming, as kube-proxy reads them.
    loadBalancerSourceRanges: z.array(z.string()).optional().default([]),
    externalTrafficPolicy: z.enum(['Cluster', 'Local']).optional().default('Cluster'),
    healthCheckNodePort: z.number().int().min(1).max(65535).optional().catch(undefined),
    internalTrafficPolicy: z.enum(['Cluster', 'Local']).optional().default('Cluster'),
    sessionAffinity: z.enum(['None', 'ClientIP']).optional().default('None'),
    sessionAffinityConfig: z.object({ clientIP: z.object({ timeoutSeconds: z.number().int().min(1).max(86400).optional() }).optional() }).optional(),
  }),
  status: z.object({ loadBalancer: z.object({ ingress: z.array(z.object({ ip: ipAny.optional() })).optional() }).optional() }).optional(),
});

export const endpointSliceSchema = z.object({
  metadata: metadata.extend({ labels }),
  addressType: z.enum(['IPv4', 'IPv6', 'FQDN']).optional().default('IPv4'),
  ports: z.array(z.object({ name: z.string().optional(), port, protocol })).nullish().transform((v) => v ?? []),
  endpoints: z
    .array(
      z.object({
        addresses: z.array(z.string()).min(1),
        conditions: z.object({ ready: z.boolean().nullish(), serving: z.boolean().nullish(), terminating: z.boolean().nullish() }).optional().default({}),
        nodeName: z.string().optional(),
        targetRef: z.object({ kind: z.string().optional(), name: z.string(), namespace: z.string().optional() }).optional(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

export const kubeProxyConfigSchema = z.object({
  mode: z.enum(['', 'iptables', 'ipvs', 'nftables', 'kernelspace']).optional().default(''),
  clusterCIDR: z.string().optional().default(''),
  detectLocalMode: z.string().optional(),
  nodePortAddresses: z.array(z.string()).nullish(),
  iptables: z.object({ masqueradeBit: z.number().int().min(0).max(31).nullish(), masqueradeAll: z.boolean().optional(), localhostNodePorts: z.boolean().nullish() }).optional(),
  nftables: z.object({ masqueradeBit: z.number().int().min(0).max(31).nullish(), masqueradeAll: z.boolean().optional() }).optional(),
  /** A node's own kube-proxy config names the node (kube-proxy `--hostname-override`). */
  hostnameOverride: z.string().optional(),
  featureGates: z.record(z.string(), z.boolean()).optional(),
  winkernel: z
    .object({ networkName: z.string().optional(), sourceVip: z.string().optional(), enableDSR: z.boolean().optional(), forwardHealthCheckVip: z.boolean().optional(), rootHnsEndpointName: z.string().optional() })
    .optional(),
});

/** A ConfigMap whose data the loader reads (`kubernetes-services-endpoint`). */
export const configMapSchema = z.object({
  metadata,
  data: z.record(z.string(), z.string()).optional().default({}),
});

export const fabricSchema = z.object({
  metadata,
  spec: z.object({
    subnets: z
      .array(z.object({ name: objectName, cidr, gateway: ipv4, mtu: z.number().int().min(576).max(9216).optional().default(1500), pathMtu: z.number().int().min(68).max(9216).optional() }))
      .min(1),
    gatewayName: objectName.optional().default('gateway'),
    // IFNAMSIZ − 1 characters, no '/', whitespace or ':' (dev_valid_name in the kernel; ':' only in aliases).
    linuxInterface: z.string().min(1).max(15).regex(/^[A-Za-z0-9_.-]+$/, 'is not a Linux interface name').optional().default('eth0'),
    nodeMacs: z.record(z.string(), mac).optional().default({}),
    hosts: z
      .array(z.object({ name: objectName, ip: ipv4, mac: mac.optional(), external: z.boolean().optional().default(false) }))
      .optional()
      .default([]),
  }),
});

/** Every kind the engine reads, by `apiVersion group/kind`-insensitive kind name. */
export const KNOWN_KINDS = [
  'Node',
  'Pod',
  'Service',
  'EndpointSlice',
  'NetworkPolicy',
  'GlobalNetworkPolicy',
  'Namespace',
  'KubeProxyConfiguration',
  'ConfigMap',
  'Fabric',
] as const;

/**
 * Cluster-wide settings from the singleton kinds (KubeProxyConfiguration,
 * Fabric; a CNI plug-in reads its own objects, linux/cni/settings.ts), with
 * upstream's defaults where they are absent. Each default that fills a gap
 * is reported as a `derived` info diagnostic.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import { nthAddress, parseCidr, prefixOf } from '../model/ipv4';
import type { FabricSpec, KubeProxySpec, NodeSpec, PodSpec, ServiceSpec, EndpointSliceSpec } from '../model/scenario';
import type { RawObject } from './parse';
import type { fabricSchema, kubeProxyConfigSchema } from './schemas';
import { refOf } from './validate';
import { IMPLEMENTED } from '../datapath/datapath';
import { clusterWindowsConfig, isWindowsConfig, nodeWindowsConfigs, winkernelSpecOf } from './winkernelConfig';

interface WithRaw<T> {
  value: T;
  raw: RawObject;
}

/** Objects as collected from the input, before cluster settings are built. */
export interface ClusterObjects {
  nodes: NodeSpec[];
  pods: PodSpec[];
  services: ServiceSpec[];
  slices: EndpointSliceSpec[];
  kubeProxy: WithRaw<z.infer<typeof kubeProxyConfigSchema>>[];
  fabric: WithRaw<z.infer<typeof fabricSchema>>[];
}

/**
 * kube-proxy settings. The Linux mode is the KubeProxyConfiguration's `mode`;
 * empty or absent means iptables, as kube-proxy defaults it
 * (cmd/kube-proxy/app/server_linux.go platformApplyDefaults), and so does a
 * scenario without a Linux KubeProxyConfiguration (reported as `derived`).
 * nodePortAddresses defaults to `primary` in nftables mode only (same
 * function); in iptables mode an empty list means every local address.
 * masqueradeBit 14; winkernel network from KUBE_NETWORK as the
 * sig-windows-tools start script sets it for Calico (`Calico`), DSR on
 * (locked on since 1.34, the seed).
 */
export function buildKubeProxy(c: ClusterObjects, diags: Diagnostic[]): KubeProxySpec {
  const linux = c.kubeProxy.find((k) => k.value.mode !== 'kernelspace' && !(k.value.hostnameOverride && isWindowsConfig(k)));
  const win = clusterWindowsConfig(c.kubeProxy);
  const v = linux?.value;
  const mode: KubeProxySpec['mode'] = v?.mode === 'nftables' ? 'nftables' : v?.mode === 'ipvs' ? 'ipvs' : 'iptables';
  if (!linux && c.nodes.some((n) => n.os === 'linux')) {
    diags.push({ severity: 'info', code: 'derived', object: { kind: 'KubeProxyConfiguration', name: 'derived' }, field: 'mode', message: 'no KubeProxyConfiguration for Linux: kube-proxy runs in its default mode, iptables' });
  }
  if (linux && !IMPLEMENTED.linuxProxies.includes(`kube-proxy-${mode}`)) {
    diags.push({ severity: 'warning', code: 'invalid-field', object: refOf(linux.raw), field: 'mode', line: linux.raw.lineOf(['mode']), message: `kube-proxy mode "${v!.mode || '(empty: iptables)'}" is modelled with the nftables layout` });
  }
  const clusterCIDR = v?.clusterCIDR ? v.clusterCIDR.split(',')[0] : undefined;
  if (clusterCIDR && !parseCidr(clusterCIDR)) {
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(linux!.raw), field: 'clusterCIDR', line: linux!.raw.lineOf(['clusterCIDR']), message: `"${clusterCIDR}" is not an IPv4 CIDR` });
  }
  const modelled = IMPLEMENTED.linuxProxies.includes(`kube-proxy-${mode}`) ? mode : 'nftables';
  const byNode = nodeWindowsConfigs(c.kubeProxy, c.nodes, diags);
  return {
    mode,
    ...(linux ? { modeGiven: v!.mode } : {}),
    clusterCIDR: clusterCIDR && parseCidr(clusterCIDR) ? clusterCIDR : undefined,
    masqueradeBit: v?.nftables?.masqueradeBit ?? v?.iptables?.masqueradeBit ?? 14,
    masqueradeAll: v?.nftables?.masqueradeAll ?? v?.iptables?.masqueradeAll ?? false,
    nodePortAddresses: v?.nodePortAddresses?.length ? v.nodePortAddresses : modelled === 'nftables' ? ['primary'] : [],
    ...(modelled === 'iptables' ? { localhostNodePorts: v?.iptables?.localhostNodePorts ?? true } : {}),
    winkernel: winkernelSpecOf(win?.value),
    ...(c.kubeProxy.some(isWindowsConfig) ? { winkernelConfig: true } : {}),
    ...(byNode ? { winkernelByNode: byNode } : {}),
  };
}

/**
 * The Fabric object, or one derived from the nodes: a /24 per distinct node
 * network with the router at .1 (an assumption, reported as `derived`).
 */
export function buildFabric(c: ClusterObjects, diags: Diagnostic[]): FabricSpec {
  const f = c.fabric[0]?.value;
  if (f) {
    return {
      ref: { kind: 'Fabric', name: f.metadata.name },
      subnets: f.spec.subnets.map((s) => ({ ...s, cidr: parseCidr(s.cidr)!.text })),
      hosts: f.spec.hosts.map((h) => ({ ...h, mac: h.mac?.toLowerCase() ?? '' })),
      gatewayName: f.spec.gatewayName,
      linuxInterface: f.spec.linuxInterface,
      // Keyed by node names from the input: no prototype, so a node called `constructor` finds no MAC but its own.
      nodeMacs: Object.assign(Object.create(null) as Record<string, string>, f.spec.nodeMacs),
    };
  }
  const nets = [...new Set(c.nodes.map((n) => prefixOf(n.internalIP, 24).text))];
  if (nets.length > 0) {
    diags.push({ severity: 'info', code: 'derived', object: { kind: 'Fabric', name: 'derived' }, message: `no Fabric object: assumed node network(s) ${nets.join(', ')} with the gateway at .1 and NIC eth0` });
  }
  return {
    ref: { kind: 'Fabric', name: 'derived' },
    subnets: nets.map((cidr, i) => ({ name: `net${i}`, cidr, gateway: nthAddress(parseCidr(cidr)!, 1), mtu: 1500 })),
    hosts: [],
    gatewayName: 'gateway',
    linuxInterface: 'eth0',
    nodeMacs: {},
  };
}

/**
 * One decision per node: which datapath it runs. A node's datapath is its CNI
 * (Calico, flannel) × the Linux dataplane that CNI programs (nftables or
 * iptables; on Windows always HNS) × the service proxy (kube-proxy nftables,
 * iptables or winkernel). It is decided here, once, from the scenario's
 * objects, and every compiler reads it from the cluster view
 * (`view.datapathOf(node)`) instead of looking at the objects again.
 *
 * Each choice keeps the object and field that decided it (or the upstream
 * default that filled the gap), and `modelledAs` — what the engine builds.
 * They differ only where a datapath is not implemented yet (Calico's eBPF and
 * VPP dataplanes, flannel's iptables rules are drawn with nftables tables);
 * the state view says so.
 */
import type { NodeOs, Scenario } from '../model/scenario';

export type CniName = 'calico' | 'flannel';
export type LinuxDataplane = 'nftables' | 'iptables' | 'bpf' | 'vpp';
export type Dataplane = LinuxDataplane | 'hns';
export type ServiceProxyName = 'kube-proxy-nftables' | 'kube-proxy-iptables' | 'kube-proxy-ipvs' | 'winkernel';

/** One decided component: its value, why, and what the engine builds for it. */
export interface DatapathChoice<T extends string> {
  value: T;
  /** The object and field that decided it, or the upstream default used. */
  from: string;
  /** What the engine builds; differs from `value` where that is not modelled yet. */
  modelledAs: T;
}

export interface Datapath {
  node: string;
  os: NodeOs;
  cni: DatapathChoice<CniName>;
  dataplane: DatapathChoice<Dataplane>;
  proxy: DatapathChoice<ServiceProxyName>;
}

/** The Linux dataplanes and service proxies the engine builds (the registries in linux/cni and linux/proxy). */
export interface ImplementedDatapaths {
  linuxDataplanes: { calico: readonly LinuxDataplane[]; flannel: readonly LinuxDataplane[] };
  linuxProxies: readonly ServiceProxyName[];
}

/**
 * What is modelled today. Calico has its nftables and its iptables dataplane;
 * flannel's rules are drawn as nftables tables (marked an assumption without EnableNFTables);
 * kube-proxy has both its nftables and its iptables proxier.
 */
export const IMPLEMENTED: ImplementedDatapaths = {
  linuxDataplanes: { calico: ['nftables', 'iptables'], flannel: ['nftables'] },
  linuxProxies: ['kube-proxy-nftables', 'kube-proxy-iptables'],
};

/**
 * The cluster's CNI. flannel when the flannel ConfigMap is present and no
 * Calico pool is enabled (a flannel cluster may still carry Calico CRDs);
 * otherwise Calico — also when neither is configured (assumption: the seed's
 * clusters run Calico).
 */
export function clusterCni(s: Scenario): Omit<DatapathChoice<CniName>, 'modelledAs'> {
  const calicoPools = (s.calico?.pools ?? []).some((p) => !p.disabled);
  if (s.flannel && !calicoPools) return { value: 'flannel', from: 'ConfigMap kube-flannel/kube-flannel-cfg (net-conf.json), no enabled Calico IPPool' };
  if (s.calico) return { value: 'calico', from: calicoPools ? 'Calico IPPool / Installation ipPools' : 'Calico Installation (no enabled IPPool)' };
  return { value: 'calico', from: 'assumption: no CNI configuration in the scenario; Calico as in the seed' };
}

/**
 * Linux dataplane of the CNI.
 * - Calico: Installation `calicoNetwork.linuxDataplane`; the operator's default
 *   is Iptables, and a manifest install without an Installation runs the
 *   iptables dataplane too (FelixConfiguration bpfEnabled/nftablesMode unset).
 *   @see tigera/operator api/v1 installation_types.go (LinuxDataplaneIptables default)
 * - flannel: net-conf.json `EnableNFTables` (flannel ≥ v0.25), else iptables.
 *   @see flannel-io/flannel pkg/trafficmngr (iptables, nftables)
 */
function linuxDataplane(s: Scenario, cni: CniName): Omit<DatapathChoice<LinuxDataplane>, 'modelledAs'> {
  if (cni === 'flannel') {
    return s.flannel?.enableNFTables
      ? { value: 'nftables', from: 'flannel net-conf.json EnableNFTables: true' }
      : { value: 'iptables', from: 'flannel net-conf.json without EnableNFTables (flannel default: iptables)' };
  }
  const d = s.calico?.linuxDataplane;
  const value: LinuxDataplane = d === 'Nftables' ? 'nftables' : d === 'BPF' ? 'bpf' : d === 'VPP' ? 'vpp' : 'iptables';
  const from = s.calico?.installation
    ? `Installation "${s.calico.installation.name}" spec.calicoNetwork.linuxDataplane: ${d ?? 'Iptables'}${s.calico.linuxDataplaneGiven ? '' : ' (operator default)'}`
    : 'no Installation: a manifest install runs Felix in iptables mode';
  return { value, from };
}

/**
 * kube-proxy's mode on Linux: KubeProxyConfiguration `mode`; empty or absent
 * means iptables, as kube-proxy defaults it (cmd/kube-proxy/app/server_linux.go
 * platformApplyDefaults: `Mode == ""` → ProxyModeIPTables).
 */
function linuxProxy(s: Scenario): Omit<DatapathChoice<ServiceProxyName>, 'modelledAs'> {
  const kp = s.kubeProxy;
  const value: ServiceProxyName = kp.mode === 'nftables' ? 'kube-proxy-nftables' : kp.mode === 'ipvs' ? 'kube-proxy-ipvs' : 'kube-proxy-iptables';
  const from = kp.modeGiven === undefined
    ? 'no KubeProxyConfiguration: kube-proxy defaults to iptables (cmd/kube-proxy/app/server_linux.go platformApplyDefaults)'
    : kp.modeGiven === ''
      ? 'KubeProxyConfiguration mode: "" → iptables (cmd/kube-proxy/app/server_linux.go platformApplyDefaults)'
      : `KubeProxyConfiguration mode: ${kp.modeGiven}`;
  return { value, from };
}

/** Decides one node's datapath from the scenario. Never throws. */
export function decideDatapath(s: Scenario, node: { name: string; os: NodeOs }, implemented: ImplementedDatapaths = IMPLEMENTED): Datapath {
  const cni = clusterCni(s);
  if (node.os === 'windows') {
    return {
      node: node.name,
      os: 'windows',
      cni: { ...cni, modelledAs: cni.value },
      dataplane: { value: 'hns', from: 'Windows: HNS objects executed by VFP', modelledAs: 'hns' },
      proxy: { value: 'winkernel', from: 'KubeProxyConfiguration mode: kernelspace (the only Windows proxier)', modelledAs: 'winkernel' },
    };
  }
  const dp = linuxDataplane(s, cni.value);
  const dpModelled: LinuxDataplane = implemented.linuxDataplanes[cni.value].includes(dp.value) ? dp.value : 'nftables';
  const proxy = linuxProxy(s);
  const proxyModelled: ServiceProxyName = implemented.linuxProxies.includes(proxy.value) ? proxy.value : 'kube-proxy-nftables';
  return {
    node: node.name,
    os: 'linux',
    cni: { ...cni, modelledAs: cni.value },
    dataplane: { ...dp, modelledAs: dpModelled },
    proxy: { ...proxy, modelledAs: proxyModelled },
  };
}

/** The `datapath` state view: one line per component, what decided it and how it is modelled. */
export function formatDatapath(d: Datapath): string {
  const line = (label: string, c: DatapathChoice<string>) =>
    `${label.padEnd(14)}${c.value}${c.modelledAs !== c.value ? ` (modelled as ${c.modelledAs}: not implemented yet)` : ''}\n${''.padEnd(14)}from ${c.from}`;
  return [`node          ${d.node} (${d.os})`, line('cni', d.cni), line('dataplane', d.dataplane), line('service proxy', d.proxy)].join('\n');
}

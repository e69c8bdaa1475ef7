/**
 * One decision per node: which datapath it runs. A node's datapath is its CNI
 * (a plug-in of linux/cni/registry.ts, which detects itself in the scenario)
 * × the Linux dataplane that CNI programs (nftables or
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
import { CNI_PLUGINS } from '../linux/cni/registry';
import type { CniPlugin } from '../linux/cni/plugin';
import type { NodeOs, Scenario } from '../model/scenario';

/** A CNI plug-in's name (linux/cni/registry.ts lists them). */
export type CniName = string;
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

/**
 * The service proxies the engine builds (linux/proxy/registry.ts); each CNI
 * plug-in lists its own Linux dataplanes (`CniPlugin.dataplanes`).
 */
export interface ImplementedDatapaths {
  linuxProxies: readonly ServiceProxyName[];
}

/** What is modelled today: kube-proxy's nftables and its iptables proxier. */
export const IMPLEMENTED: ImplementedDatapaths = {
  linuxProxies: ['kube-proxy-nftables', 'kube-proxy-iptables'],
};

/**
 * The cluster's CNI: the first plug-in (registry order) whose detection is
 * not weak, else the first weak one, else the first plug-in (assumption: the
 * seed's clusters run Calico).
 */
export function clusterCni(s: Scenario, plugins: readonly [CniPlugin, ...CniPlugin[]] = CNI_PLUGINS): { plugin: CniPlugin; from: string } {
  let weak: { plugin: CniPlugin; from: string } | undefined;
  for (const plugin of plugins) {
    const d = plugin.detect(s);
    if (d && !d.weak) return { plugin, from: d.from };
    if (d && !weak) weak = { plugin, from: d.from };
  }
  return weak ?? { plugin: plugins[0], from: `assumption: no CNI configuration in the scenario; ${plugins[0].title} as in the seed` };
}

/** The plug-in of a decided CNI name (the first one for a name no plug-in has). */
export function cniPlugin(name: CniName, plugins: readonly [CniPlugin, ...CniPlugin[]] = CNI_PLUGINS): CniPlugin {
  return plugins.find((p) => p.name === name) ?? plugins[0];
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
export function decideDatapath(
  s: Scenario,
  node: { name: string; os: NodeOs },
  plugins: readonly [CniPlugin, ...CniPlugin[]] = CNI_PLUGINS,
  implemented: ImplementedDatapaths = IMPLEMENTED,
): Datapath {
  const chosen = clusterCni(s, plugins);
  const cni: DatapathChoice<CniName> = { value: chosen.plugin.name, from: chosen.from, modelledAs: chosen.plugin.name };
  if (node.os === 'windows') {
    return {
      node: node.name,
      os: 'windows',
      cni,
      dataplane: { value: 'hns', from: 'Windows: HNS objects executed by VFP', modelledAs: 'hns' },
      proxy: { value: 'winkernel', from: 'KubeProxyConfiguration mode: kernelspace (the only Windows proxier)', modelledAs: 'winkernel' },
    };
  }
  const dp = chosen.plugin.linuxDataplane(s);
  const dpModelled: LinuxDataplane = chosen.plugin.dataplanes.includes(dp.value) ? dp.value : chosen.plugin.dataplanes[0];
  const proxy = linuxProxy(s);
  const proxyModelled: ServiceProxyName = implemented.linuxProxies.includes(proxy.value) ? proxy.value : 'kube-proxy-nftables';
  return {
    node: node.name,
    os: 'linux',
    cni,
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

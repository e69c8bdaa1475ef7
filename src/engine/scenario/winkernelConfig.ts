/**
 * The Windows part of KubeProxyConfiguration (`winkernel`, `featureGates`),
 * cluster-wide and per node. kube-proxy reads one configuration file on each
 * node; a KubeProxyConfiguration whose `hostnameOverride` names a Windows
 * node is that node's file (kube-proxy `--hostname-override`, component
 * config `hostnameOverride`), so fields it leaves out take the defaults, not
 * the cluster-wide object's values.
 * Defaults: network `Calico` (sig-windows-tools start.ps1 sets
 * `KUBE_NETWORK=Calico`, DATAPATH-FACTS §8.1 [W1]), DSR on (locked on since
 * 1.34, the seed; KEP-5100 [K9]), sourceVip unset = derived on each node
 * (windows/kubeProxySettings.ts).
 */
import type { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import type { NodeSpec, WinkernelSpec } from '../model/scenario';
import type { RawObject } from './parse';
import type { kubeProxyConfigSchema } from './schemas';
import { refOf } from './validate';

type KubeProxyConfig = { value: z.infer<typeof kubeProxyConfigSchema>; raw: RawObject };

/** Whether a KubeProxyConfiguration is for Windows (kernelspace mode, or it carries a winkernel block). */
export function isWindowsConfig(k: KubeProxyConfig): boolean {
  return k.value.mode === 'kernelspace' || k.value.winkernel !== undefined;
}

export function winkernelSpecOf(v: z.infer<typeof kubeProxyConfigSchema> | undefined, from?: string): WinkernelSpec {
  const wk = v?.winkernel;
  return {
    networkName: wk?.networkName || 'Calico',
    sourceVip: wk?.sourceVip || undefined,
    enableDSR: wk?.enableDSR ?? true,
    ...(v?.featureGates ? { featureGates: v.featureGates } : {}),
    ...(wk?.forwardHealthCheckVip !== undefined ? { forwardHealthCheckVip: wk.forwardHealthCheckVip } : {}),
    ...(wk?.rootHnsEndpointName ? { rootHnsEndpointName: wk.rootHnsEndpointName } : {}),
    ...(from ? { from } : {}),
  };
}

/** The cluster-wide Windows configuration: the first one that names no node. */
export function clusterWindowsConfig(all: KubeProxyConfig[]): KubeProxyConfig | undefined {
  return all.find((k) => isWindowsConfig(k) && !k.value.hostnameOverride) ?? undefined;
}

/** Each Windows node's own configuration (`hostnameOverride: NODE`); one naming no Windows node is reported and skipped. */
export function nodeWindowsConfigs(all: KubeProxyConfig[], nodes: NodeSpec[], diags: Diagnostic[]): Record<string, WinkernelSpec> | undefined {
  const out: Record<string, WinkernelSpec> = {};
  for (const k of all) {
    const name = k.value.hostnameOverride;
    if (!name || !isWindowsConfig(k)) continue;
    const node = nodes.find((n) => n.name === name);
    const ref = refOf(k.raw);
    if (!node || node.os !== 'windows') {
      diags.push({ severity: 'warning', code: 'missing-reference', object: ref, field: 'hostnameOverride', line: k.raw.lineOf(['hostnameOverride']), message: `hostnameOverride "${name}" names no Windows node of the scenario; this KubeProxyConfiguration is not used` });
      continue;
    }
    if (Object.hasOwn(out, name)) {
      diags.push({ severity: 'warning', code: 'duplicate-object', object: ref, field: 'hostnameOverride', line: k.raw.lineOf(['hostnameOverride']), message: `a second KubeProxyConfiguration for node ${name}; the first one is used` });
      continue;
    }
    out[name] = winkernelSpecOf(k.value, `KubeProxyConfiguration ${ref.name} (hostnameOverride ${name})`);
  }
  return Object.keys(out).length ? out : undefined;
}

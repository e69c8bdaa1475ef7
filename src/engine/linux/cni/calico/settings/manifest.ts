/**
 * Calico installed from its manifest (calico.yaml / calico-vxlan.yaml: no
 * Tigera operator, no Installation object), read as calico-node reads it
 * (issue 17 item 5):
 * - the `calico-config` ConfigMap: `calico_backend` (bird, vxlan or none),
 *   `veth_mtu`;
 * - the calico-node DaemonSet's env, each value literal or taken from
 *   calico-config by `configMapKeyRef`:
 *   - `CALICO_NETWORKING_BACKEND`: `bird` (the default, node's rc.local)
 *     runs BGP; `vxlan` and `none` run no BIRD, so no BGP;
 *   - `CALICO_IPV4POOL_CIDR`/`_IPIP`/`_VXLAN`/`_BLOCK_SIZE`/`_NAT_OUTGOING`:
 *     the default pool calico-node creates when no IPv4 IPPool exists, with
 *     its defaults: the CIDR from kubeadm-config's podSubnet, else
 *     192.168.0.0/16; modes Never when unset; block size 26; natOutgoing
 *     true (projectcalico/calico node/pkg/lifecycle/startup/startup.go,
 *     configureIPPools and createIPPool);
 *   - `FELIX_*`: Felix settings; an environment variable overrides the
 *     FelixConfiguration resource (felix/config/config_params.go, Source:
 *     DatastoreGlobal < DatastorePerHost < ConfigFile < EnvironmentVariable).
 *     The model reads FELIX_VXLANVNI and FELIX_VXLANPORT.
 * IPPool and FelixConfiguration resources in the input are read as usual
 * (load.ts); the default pool is added only when no IPPool is given.
 */
import type { Diagnostic, ObjectRef } from '../../../../model/diagnostic';
import { parseCidr } from '../../../../model/ipv4';
import type { CalicoSpec, EncapMode, IPPoolSpec } from '../../../../model/calico';
import type { RawObject } from '../../../../scenario/parse';
import { containersOf } from '../../../../scenario/serviceCidr';
import { refOf } from '../../../../scenario/validate';

export const CALICO_CONFIGMAP = 'calico-config';

export interface CalicoManifestInputs {
  config?: { ref: ObjectRef; data: Record<string, string> };
  node?: { raw: RawObject; env: { name: string; value?: string; configMapKey?: { name: string; key: string } }[] };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readCalicoConfig(raw: RawObject): NonNullable<CalicoManifestInputs['config']> {
  const data = isRecord(raw.value.data) ? raw.value.data : {};
  return { ref: refOf(raw), data: Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string')) };
}

/** The calico-node container of a DaemonSet, when it has one (other DaemonSets are not Calico's). */
function calicoNodeContainer(raw: RawObject): Record<string, unknown> | undefined {
  return containersOf(raw.value).find((x) => x.name === 'calico-node');
}

export function isCalicoNodeDaemonSet(raw: RawObject): boolean {
  return calicoNodeContainer(raw) !== undefined;
}

/** The calico-node DaemonSet's env (calicoNodeContainer: a container named calico-node). */
export function readCalicoNodeDaemonSet(raw: RawObject): NonNullable<CalicoManifestInputs['node']> {
  const c = calicoNodeContainer(raw) ?? {};
  const env = (Array.isArray(c.env) ? c.env.filter(isRecord) : []).flatMap((e) => {
    if (typeof e.name !== 'string') return [];
    const ref = isRecord(e.valueFrom) && isRecord(e.valueFrom.configMapKeyRef) ? e.valueFrom.configMapKeyRef : undefined;
    if (ref && typeof ref.name === 'string' && typeof ref.key === 'string') return [{ name: e.name, configMapKey: { name: ref.name, key: ref.key } }];
    return typeof e.value === 'string' ? [{ name: e.name, value: e.value }] : [{ name: e.name }];
  });
  return { raw, env };
}

/** An env value as calico-node sees it: literal, or from calico-config. */
function envValue(m: CalicoManifestInputs, name: string): string | undefined {
  const e = m.node?.env.find((x) => x.name === name);
  if (!e) return undefined;
  if (e.value !== undefined) return e.value;
  if (e.configMapKey && e.configMapKey.name === CALICO_CONFIGMAP) return m.config?.data[e.configMapKey.key];
  return undefined;
}

/** createIPPool's mode parsing: "", off, never → Never; crosssubnet, cross-subnet → CrossSubnet; always → Always. */
function encapMode(v: string | undefined): EncapMode | undefined {
  switch ((v ?? '').toLowerCase()) {
    case '':
    case 'off':
    case 'never':
      return 'Never';
    case 'crosssubnet':
    case 'cross-subnet':
      return 'CrossSubnet';
    case 'always':
      return 'Always';
    default:
      return undefined;
  }
}

/** Whether the input has a manifest install to read. */
export function hasCalicoManifest(m: CalicoManifestInputs): boolean {
  return m.node !== undefined || m.config !== undefined;
}

/**
 * What the manifest install adds to the Calico settings: the networking
 * backend (BGP or not), the default pool when no IPPool exists, and Felix's
 * VXLAN settings from the env. `calico` is what the IPPool/FelixConfiguration
 * resources gave (undefined when there were none).
 */
export function applyCalicoManifest(m: CalicoManifestInputs, calico: CalicoSpec | undefined, podSubnet: string | undefined, diags: Diagnostic[]): CalicoSpec {
  const ref = m.node ? refOf(m.node.raw) : (m.config?.ref ?? { kind: 'ConfigMap', name: CALICO_CONFIGMAP });
  const line = m.node?.raw.line;
  const backend = (envValue(m, 'CALICO_NETWORKING_BACKEND') ?? m.config?.data.calico_backend ?? 'bird').toLowerCase();
  const base: CalicoSpec = calico ?? { bgp: 'Enabled', linuxDataplane: 'Iptables', serviceCIDRs: [], pools: [], strictAffinity: false, vxlanVNI: 4096, vxlanPort: 4789 };
  const pools: IPPoolSpec[] = [...base.pools];
  if (!pools.some((p) => parseCidr(p.cidr))) {
    const given = envValue(m, 'CALICO_IPV4POOL_CIDR');
    const cidr = given ?? podSubnet ?? '192.168.0.0/16';
    const vxlanMode = encapMode(envValue(m, 'CALICO_IPV4POOL_VXLAN'));
    const ipipMode = encapMode(envValue(m, 'CALICO_IPV4POOL_IPIP'));
    const blockSize = Number(envValue(m, 'CALICO_IPV4POOL_BLOCK_SIZE') ?? 26);
    const nat = (envValue(m, 'CALICO_IPV4POOL_NAT_OUTGOING') ?? 'true').toLowerCase() !== 'false';
    const parsed = parseCidr(cidr);
    if (!parsed || !cidr.includes('/') || !vxlanMode || !ipipMode || !Number.isInteger(blockSize) || blockSize < 20 || blockSize > 32) {
      diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: 'spec.template.spec.containers[calico-node].env', line, message: `calico-node would not start with this pool: CIDR "${cidr}", VXLAN "${envValue(m, 'CALICO_IPV4POOL_VXLAN') ?? ''}", IPIP "${envValue(m, 'CALICO_IPV4POOL_IPIP') ?? ''}", block size ${blockSize}` });
    } else {
      pools.push({ ref: { kind: 'IPPool', name: 'default-ipv4-ippool' }, name: 'default-ipv4-ippool', cidr: parsed.text, blockSize, vxlanMode, ipipMode, natOutgoing: nat, disabled: false, definedBy: 'manifest' });
      diags.push({
        severity: 'info',
        code: 'derived',
        object: { kind: 'IPPool', name: 'default-ipv4-ippool' },
        message: `no IPPool resource: calico-node's default pool ${parsed.text} (${given ? 'CALICO_IPV4POOL_CIDR' : podSubnet ? "kubeadm-config's podSubnet" : 'its built-in default'}), VXLAN ${vxlanMode}, IPIP ${ipipMode}, block /${blockSize}, natOutgoing ${nat}`,
      });
    }
  }
  const vni = Number(envValue(m, 'FELIX_VXLANVNI'));
  const port = Number(envValue(m, 'FELIX_VXLANPORT'));
  const bgp = backend === 'bird' ? 'Enabled' : 'Disabled';
  if (!['bird', 'vxlan', 'none'].includes(backend)) {
    diags.push({ severity: 'warning', code: 'invalid-field', object: ref, field: 'CALICO_NETWORKING_BACKEND', line, message: `networking backend "${backend}" is not bird, vxlan or none; read as no BGP` });
  }
  diags.push({ severity: 'info', code: 'derived', object: ref, line, message: `Calico manifest install (no Installation): networking backend ${backend}, so BGP is ${bgp === 'Enabled' ? 'on (BIRD)' : 'off (no BIRD)'}` });
  return {
    ...base,
    bgp,
    pools,
    vxlanVNI: Number.isInteger(vni) && vni >= 1 && vni <= 16777215 ? vni : base.vxlanVNI,
    vxlanPort: Number.isInteger(port) && port >= 1 && port <= 65535 ? port : base.vxlanPort,
  };
}

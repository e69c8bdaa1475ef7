/**
 * Calico's settings loader (plugin.ts CniSettingsLoader): its resources —
 * Installation, IPPool, IPAMConfiguration (IPAMConfig), FelixConfiguration —
 * validated with their schemas (schemas.ts) as they come, and read leniently
 * before the checks every resource gets: BGPConfiguration and BGPPeer
 * (bgp.ts) and a manifest install's calico-config ConfigMap and calico-node
 * DaemonSet (manifest.ts). `load` builds CalicoSpec (model/calico.ts) with
 * upstream's defaults; none when the input has no Installation, IPPool or
 * manifest install. IPPool objects win over the Installation's pool list for
 * the same name, since Felix reads the IPPool resources.
 */
import type { z } from 'zod';
import type { BgpPeerSpec, CalicoSpec, IPPoolSpec } from '../../../../model/calico';
import type { Diagnostic } from '../../../../model/diagnostic';
import { ENCAP_TO_MODES } from '../../../../model/encapsulation';
import { FELIX_VXLAN_PORT, FELIX_VXLAN_VNI } from '../../../../model/felixDefaults';
import type { RawObject } from '../../../../scenario/parse';
import { refOf, validateObject } from '../../../../scenario/validate';
import type { CniLoadContext, CniObjectClaim, CniSettingsLoader } from '../../plugin';
import { bgpSpecOf, readBgpConfiguration, readBgpPeer, type BgpConfigInput } from './bgp';
import { applyCalicoManifest, CALICO_CONFIGMAP, hasCalicoManifest, isCalicoNodeDaemonSet, readCalicoConfig, readCalicoNodeDaemonSet, type CalicoManifestInputs } from './manifest';
import { felixConfigSchema, installationSchema, ipamConfigSchema, ipPoolSchema, normalizeIPPool } from './schemas';

/** One Calico object as read, for `load`. */
export type CalicoObject =
  | { kind: 'Installation'; value: z.infer<typeof installationSchema> }
  | { kind: 'IPPool'; pool: IPPoolSpec }
  | { kind: 'IPAMConfiguration'; strictAffinity: boolean }
  | { kind: 'FelixConfiguration'; name: string; spec: z.infer<typeof felixConfigSchema>['spec'] }
  | { kind: 'BGPConfiguration'; config: BgpConfigInput }
  | { kind: 'BGPPeer'; peer: BgpPeerSpec }
  | { kind: 'calico-config'; config: NonNullable<CalicoManifestInputs['config']> }
  | { kind: 'calico-node'; node: NonNullable<CalicoManifestInputs['node']> };

const RESOURCE_KINDS: readonly string[] = ['Installation', 'IPPool', 'IPAMConfiguration', 'IPAMConfig', 'FelixConfiguration'];

function reads(kind: string, raw: RawObject): CniObjectClaim | undefined {
  if (RESOURCE_KINDS.includes(kind)) return 'resource';
  if (kind === 'BGPConfiguration' || kind === 'BGPPeer') return 'lenient';
  if (kind === 'ConfigMap' && refOf(raw).name === CALICO_CONFIGMAP) return 'lenient';
  if (kind === 'DaemonSet' && isCalicoNodeDaemonSet(raw)) return 'lenient';
  return undefined;
}

function read(kind: string, raw: RawObject, diags: Diagnostic[]): CalicoObject | undefined {
  switch (kind) {
    case 'Installation': {
      const v = validateObject(installationSchema, raw, diags);
      return v && { kind, value: v };
    }
    case 'IPPool': {
      const v = validateObject(ipPoolSchema, raw, diags);
      return v && { kind, pool: normalizeIPPool(v) };
    }
    case 'IPAMConfiguration':
    case 'IPAMConfig': {
      const v = validateObject(ipamConfigSchema, raw, diags);
      return v && { kind: 'IPAMConfiguration', strictAffinity: v.spec.strictAffinity };
    }
    case 'FelixConfiguration': {
      const v = validateObject(felixConfigSchema, raw, diags);
      return v && { kind, name: v.metadata.name, spec: v.spec };
    }
    case 'BGPConfiguration': {
      const config = readBgpConfiguration(raw, diags);
      return config && { kind, config };
    }
    case 'BGPPeer': {
      const peer = readBgpPeer(raw, diags);
      return peer && { kind, peer };
    }
    case 'ConfigMap':
      return { kind: 'calico-config', config: readCalicoConfig(raw) };
    case 'DaemonSet':
      return { kind: 'calico-node', node: readCalicoNodeDaemonSet(raw) };
    default:
      return undefined;
  }
}

/** The objects of one kind, in input order. */
function ofKind<K extends CalicoObject['kind']>(objects: readonly CalicoObject[], kind: K): Extract<CalicoObject, { kind: K }>[] {
  return objects.filter((o): o is Extract<CalicoObject, { kind: K }> => o.kind === kind);
}

/** The settings the Installation (the first), IPPools, IPAMConfiguration and FelixConfigurations give; undefined without an Installation or IPPool. */
function fromResources(objects: readonly CalicoObject[]): CalicoSpec | undefined {
  const inst = ofKind(objects, 'Installation')[0]?.value;
  const pools: IPPoolSpec[] = ofKind(objects, 'IPPool').map((o) => o.pool);
  if (!inst && pools.length === 0) return undefined;
  const net = inst?.spec.calicoNetwork;
  for (const p of net?.ipPools ?? []) {
    const name = p.name ?? 'default-ipv4-ippool';
    if (pools.some((q) => q.name === name)) continue;
    pools.push({
      ref: { kind: 'IPPool', name },
      name,
      cidr: p.cidr,
      blockSize: p.blockSize ?? 26,
      ...ENCAP_TO_MODES[p.encapsulation],
      natOutgoing: p.natOutgoing === 'Enabled',
      disabled: false,
      definedBy: 'Installation',
    });
  }
  // Host-specific FelixConfiguration `node.<nodename>` overrides the global one (`default`) on that node
  // (docs.tigera.io "Configuring Felix": read order environment, file, node.<nodename>, default).
  const felixes = ofKind(objects, 'FelixConfiguration');
  const felix = (felixes.find((f) => f.name === 'default') ?? felixes.find((f) => !f.name.startsWith('node.')))?.spec ?? {};
  const vxlanByNode: NonNullable<CalicoSpec['vxlanByNode']> = {};
  for (const f of felixes) {
    if (!f.name.startsWith('node.') || (f.spec.vxlanVNI === undefined && f.spec.vxlanPort === undefined)) continue;
    vxlanByNode[f.name.slice('node.'.length)] = { ...(f.spec.vxlanVNI !== undefined ? { vni: f.spec.vxlanVNI } : {}), ...(f.spec.vxlanPort !== undefined ? { port: f.spec.vxlanPort } : {}) };
  }
  return {
    bgp: net?.bgp ?? 'Enabled',
    linuxDataplane: net?.linuxDataplane ?? 'Iptables',
    ...(net?.linuxDataplane ? { linuxDataplaneGiven: true } : {}),
    windowsDataplane: net?.windowsDataplane,
    serviceCIDRs: inst?.spec.serviceCIDRs ?? [],
    pools,
    strictAffinity: ofKind(objects, 'IPAMConfiguration')[0]?.strictAffinity ?? false,
    vxlanVNI: felix.vxlanVNI ?? FELIX_VXLAN_VNI,
    vxlanPort: felix.vxlanPort ?? FELIX_VXLAN_PORT,
    ...(Object.keys(vxlanByNode).length ? { vxlanByNode } : {}),
    ...(inst ? { installation: { name: inst.metadata.name, pools: (net?.ipPools ?? []).map((p) => p.name ?? 'default-ipv4-ippool') } } : {}),
  };
}

/**
 * The resources' settings, with a manifest install applied (unless an
 * Installation rules; the last calico-config and calico-node read count) and
 * the BGP topology (the last BGPConfiguration `default`, every BGPPeer).
 */
function load(objects: readonly CalicoObject[], ctx: CniLoadContext, diags: Diagnostic[]): CalicoSpec | undefined {
  const resources = fromResources(objects);
  const manifest: CalicoManifestInputs = { config: ofKind(objects, 'calico-config').at(-1)?.config, node: ofKind(objects, 'calico-node').at(-1)?.node };
  const calico = !hasCalicoManifest(manifest) || resources?.installation ? resources : applyCalicoManifest(manifest, resources, ctx.podSubnet, diags);
  if (!calico) return undefined;
  return { ...calico, bgpConfig: bgpSpecOf(ofKind(objects, 'BGPConfiguration').at(-1)?.config, ofKind(objects, 'BGPPeer').map((o) => o.peer)) };
}

export const calicoSettingsLoader: CniSettingsLoader<CalicoSpec, CalicoObject> = {
  reads,
  read,
  load,
  serviceCIDRs: (c) => c.serviceCIDRs,
};

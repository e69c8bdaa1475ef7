/** Edits of the network settings: Calico pools, BGP, IPAM strictAffinity, Felix VXLAN, winkernel DSR, the Flannel backend. */
import { isMap, isSeq } from 'yaml';
import { ENCAP_TO_MODES, type Encapsulation } from '../engine/model/encapsulation';
import type { EditHandlers } from './family';
import { EditError, set, setOn, type Docs, type Obj } from './yamlDocument';

export type { Encapsulation };

/** Where a pool is defined: an entry of the Installation's `ipPools[]` or an IPPool object. */
export type PoolSource = 'installation' | 'ippool';

export interface PoolRef {
  source: PoolSource;
  name: string;
}

/** What the network form changes. */
export type NetworkEdit =
  | { op: 'setPool'; pool: PoolRef; encapsulation?: Encapsulation; blockSize?: number; natOutgoing?: boolean; cidr?: string }
  | { op: 'setBgp'; enabled: boolean }
  | { op: 'setStrictAffinity'; value: boolean }
  | { op: 'setFelixVxlan'; vni?: number | null; port?: number | null }
  | { op: 'setEnableDSR'; value: boolean }
  | { op: 'setFlannelBackend'; type: 'vxlan' | 'host-gw'; vni?: number | null; port?: number | null; directRouting?: boolean };

function setPoolFields(d: Docs, e: Extract<NetworkEdit, { op: 'setPool' }>): void {
  if (e.pool.source === 'installation') {
    const inst = d.find('Installation');
    const pools = inst?.obj.getIn(['spec', 'calicoNetwork', 'ipPools']);
    const pool = isSeq(pools) ? pools.items.find((p) => isMap(p) && p.get('name') === e.pool.name) : undefined;
    if (!inst || !isMap(pool)) throw new EditError(`the Installation has no pool ${e.pool.name}`);
    const at = (k: string, v: unknown) => setOn(pool as Obj, inst.doc, [k], v);
    if (e.encapsulation) at('encapsulation', e.encapsulation);
    if (e.blockSize !== undefined) at('blockSize', e.blockSize);
    if (e.natOutgoing !== undefined) at('natOutgoing', e.natOutgoing ? 'Enabled' : 'Disabled');
    if (e.cidr) at('cidr', e.cidr);
    return;
  }
  const p = d.require('IPPool', e.pool.name);
  if (e.encapsulation) {
    const modes = ENCAP_TO_MODES[e.encapsulation];
    set(p, ['spec', 'vxlanMode'], modes.vxlanMode);
    set(p, ['spec', 'ipipMode'], modes.ipipMode);
  }
  if (e.blockSize !== undefined) set(p, ['spec', 'blockSize'], e.blockSize);
  if (e.natOutgoing !== undefined) set(p, ['spec', 'natOutgoing'], e.natOutgoing);
  if (e.cidr) set(p, ['spec', 'cidr'], e.cidr);
}

export const networkEdits: EditHandlers<NetworkEdit> = {
  setPool(d, e) {
    setPoolFields(d, e);
  },
  setBgp(d, e) {
    const inst = d.find('Installation');
    if (!inst) throw new EditError('the scenario has no Installation');
    set(inst, ['spec', 'calicoNetwork', 'bgp'], e.enabled ? 'Enabled' : 'Disabled');
  },
  setStrictAffinity(d, e) {
    const ipam = d.find(['IPAMConfiguration', 'IPAMConfig']);
    if (ipam) set(ipam, ['spec', 'strictAffinity'], e.value);
    else d.add({ apiVersion: 'projectcalico.org/v3', kind: 'IPAMConfiguration', metadata: { name: 'default' }, spec: { strictAffinity: e.value } });
  },
  setFelixVxlan(d, e) {
    let felix = d.find('FelixConfiguration', 'default') ?? d.find('FelixConfiguration');
    // Felix's defaults (VNI 4096, port 4789) need no object: "Apply" with both fields empty adds nothing (issue 15 point 7).
    if (!felix && typeof e.vni !== 'number' && typeof e.port !== 'number') return;
    if (!felix) {
      d.add({ apiVersion: 'projectcalico.org/v3', kind: 'FelixConfiguration', metadata: { name: 'default' }, spec: {} });
      felix = d.require('FelixConfiguration', 'default');
    }
    for (const [key, v] of [['vxlanVNI', e.vni], ['vxlanPort', e.port]] as const) {
      if (v === null && felix.obj.hasIn(['spec', key])) felix.obj.deleteIn(['spec', key]);
      else if (typeof v === 'number') set(felix, ['spec', key], v);
    }
  },
  setEnableDSR(d, e) {
    const kp = d.findAll('KubeProxyConfiguration').find((o) => o.obj.has('winkernel') || o.obj.get('mode') === 'kernelspace');
    if (!kp) throw new EditError('the scenario has no winkernel KubeProxyConfiguration (mode: kernelspace)');
    set(kp, ['winkernel', 'enableDSR'], e.value);
  },
  setFlannelBackend(d, e) {
    const cm = d.find('ConfigMap', 'kube-flannel-cfg');
    const text = cm?.obj.getIn(['data', 'net-conf.json']);
    if (!cm || typeof text !== 'string') throw new EditError('the scenario has no flannel ConfigMap kube-flannel-cfg with net-conf.json');
    let conf: Record<string, unknown>;
    try {
      conf = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new EditError(`net-conf.json does not parse: ${(error as Error).message}`);
    }
    const backend: Record<string, unknown> = { ...((conf.Backend as Record<string, unknown> | undefined) ?? {}), Type: e.type };
    for (const [key, v] of [['VNI', e.vni], ['Port', e.port]] as const) {
      if (v === null || e.type === 'host-gw') delete backend[key];
      else if (typeof v === 'number') backend[key] = v;
    }
    if (e.type === 'host-gw') delete backend.DirectRouting;
    else if (e.directRouting !== undefined) {
      if (e.directRouting) backend.DirectRouting = true;
      else delete backend.DirectRouting;
    }
    set(cm, ['data', 'net-conf.json'], JSON.stringify({ ...conf, Backend: backend }));
  },
};

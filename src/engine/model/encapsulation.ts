/**
 * The Tigera operator's `Installation.spec.calicoNetwork.ipPools[].encapsulation`
 * and the IPPool modes it stands for, both ways: the engine reads an
 * Installation pool through it (linux/cni/calico/settings/loader.ts), and the what-if
 * edits and forms show and write an IPPool's modes through it (src/edit).
 * @see tigera/operator pkg/render (ipPool conversion); the seed:
 * "encapsulation: VXLAN — оператор создаёт пул с vxlanMode: Always".
 */
import type { EncapMode } from './calico';

export type Encapsulation = 'VXLAN' | 'VXLANCrossSubnet' | 'IPIP' | 'IPIPCrossSubnet' | 'None';

export const ENCAP_TO_MODES: Readonly<Record<Encapsulation, { vxlanMode: EncapMode; ipipMode: EncapMode }>> = {
  VXLAN: { vxlanMode: 'Always', ipipMode: 'Never' },
  VXLANCrossSubnet: { vxlanMode: 'CrossSubnet', ipipMode: 'Never' },
  IPIP: { vxlanMode: 'Never', ipipMode: 'Always' },
  IPIPCrossSubnet: { vxlanMode: 'Never', ipipMode: 'CrossSubnet' },
  None: { vxlanMode: 'Never', ipipMode: 'Never' },
};

/** The encapsulation an IPPool's modes amount to; VXLAN wins when both are on (Felix refuses such a pool; the model reads VXLAN). */
export function encapsulationOf(modes: { vxlanMode: EncapMode; ipipMode: EncapMode }): Encapsulation {
  if (modes.vxlanMode === 'Always') return 'VXLAN';
  if (modes.vxlanMode === 'CrossSubnet') return 'VXLANCrossSubnet';
  if (modes.ipipMode === 'Always') return 'IPIP';
  if (modes.ipipMode === 'CrossSubnet') return 'IPIPCrossSubnet';
  return 'None';
}

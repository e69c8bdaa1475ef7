import { describe, expect, it } from 'vitest';
import type { PresetInfo } from '../../engine/index';
import { defaultComparePreset } from './compareStore';

const presets = (...names: string[]) => names.map((name) => ({ name, title: name, description: '', yaml: '' })) as PresetInfo[];

describe('defaultComparePreset', () => {
  it('pairs the lab (Calico VXLAN) with its BGP/l2bridge variant, both ways', () => {
    const all = presets('k8s-lab', 'k8s-main-before', 'k8s-lab-bgp', 'flannel-vxlan', 'flannel-host-gw');
    expect(defaultComparePreset(all, 'k8s-lab')).toBe('k8s-lab-bgp');
    expect(defaultComparePreset(all, 'k8s-lab-bgp')).toBe('k8s-lab');
  });
  it('pairs flannel vxlan with host-gw, both ways', () => {
    const all = presets('k8s-lab', 'flannel-vxlan', 'flannel-host-gw');
    expect(defaultComparePreset(all, 'flannel-vxlan')).toBe('flannel-host-gw');
    expect(defaultComparePreset(all, 'flannel-host-gw')).toBe('flannel-vxlan');
  });
  it('else the first other preset (the partner is not there yet)', () => {
    expect(defaultComparePreset(presets('k8s-lab', 'k8s-main-before'), 'k8s-lab')).toBe('k8s-main-before');
  });
});

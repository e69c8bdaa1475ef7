import { describe, expect, it } from 'vitest';
import type { PresetInfo } from '../engine/index';
import { defaultComparePreset } from './compareStore';

const presets = (...names: string[]) => names.map((name) => ({ name, title: name, description: '', yaml: '' })) as PresetInfo[];

describe('defaultComparePreset', () => {
  it("prefers the preset's -bgp (l2bridge) variant", () => {
    expect(defaultComparePreset(presets('k8s-lab', 'k8s-main-before', 'k8s-lab-bgp'), 'k8s-lab')).toBe('k8s-lab-bgp');
  });
  it('else the first other preset', () => {
    expect(defaultComparePreset(presets('k8s-lab', 'k8s-main-before'), 'k8s-lab')).toBe('k8s-main-before');
  });
});

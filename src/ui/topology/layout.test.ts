import { describe, expect, it } from 'vitest';
import type { TopoElement, Topology } from '../../engine/index';
import { layoutTopology } from './layout';

/** A Windows node as the engine draws it (elements in the engine's order: the layers, then the flow cache), with `pods` pods. */
function windowsNode(pods: number): Topology {
  const node = 'node:win';
  const sw = `${node}/vswitch:Hyper-V vSwitch`;
  const el = (id: string, role: TopoElement['role'], label: string, parent?: string): TopoElement => ({ id, role, label, machine: 'win', os: 'windows', ...(parent ? { parent } : {}) });
  const elements: TopoElement[] = [
    el(node, 'node', 'win'),
    ...Array.from({ length: pods }, (_, i) => el(`${node}/compartment:demo/pod-with-a-long-name-${i}`, 'compartment', `demo/pod-with-a-long-name-${i}`, node)),
    el(sw, 'vswitch', 'Hyper-V vSwitch', node),
    ...['ACL_ENDPOINT_LAYER', 'SLB_LB_LAYER', 'VNET_ENCAP_LAYER'].map((l) => el(`${sw}/vfp:${l}`, 'vfp', l, sw)),
    el(`${sw}/uft`, 'uft', 'UFT', sw),
    el(`${node}/nic:Ethernet`, 'nic', 'Ethernet', node),
  ];
  return { elements, edges: [] };
}

describe('layoutTopology', () => {
  it('draws the VFP flow cache first in the vSwitch, above every layer, as the seed does', () => {
    const layout = layoutTopology(windowsNode(2));
    const uft = layout.placed.find((p) => p.element.role === 'uft')!;
    const layers = layout.placed.filter((p) => p.element.role === 'vfp');
    expect(layers).toHaveLength(3);
    for (const layer of layers) expect(uft.abs.y).toBeLessThan(layer.abs.y);
  });

  it('puts at most two pods in a row, so a node with three pods keeps their names readable', () => {
    const layout = layoutTopology(windowsNode(3));
    const pods = layout.placed.filter((p) => p.element.role === 'compartment');
    const perRow = new Map<number, number>();
    for (const p of pods) perRow.set(p.abs.y, (perRow.get(p.abs.y) ?? 0) + 1);
    expect([...perRow.values()].sort()).toEqual([1, 2]);
    for (const p of pods) expect(p.abs.w).toBeGreaterThan(130);
  });

  it('gives each cali veth a row of its own, as wide as the node, so a 15-character name is drawn whole', () => {
    const node = 'node:linux';
    const el = (id: string, role: TopoElement['role'], label: string, parent?: string): TopoElement => ({ id, role, label, machine: 'linux', os: 'linux', ...(parent ? { parent } : {}) });
    const names = ['cali4f041ee7e6d', 'cali5adc4ab1f02'];
    const layout = layoutTopology({
      elements: [el(node, 'node', 'linux'), ...names.flatMap((n, i) => [el(`${node}/pod:demo/p${i}`, 'pod', `demo/p${i}`, node), el(`${node}/veth:${n}`, 'veth', n, node)])],
      edges: [],
    });
    const veths = layout.placed.filter((p) => p.element.role === 'veth');
    expect(new Set(veths.map((v) => v.abs.y)).size).toBe(2);
    // 15 monospace characters of the veth's 18 px label (0.6 em each) and its padding.
    for (const v of veths) expect(v.abs.w).toBeGreaterThan(15 * 18 * 0.6 + 12);
  });
});

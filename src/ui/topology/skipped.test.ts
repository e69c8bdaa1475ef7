import { describe, expect, it } from 'vitest';
import type { Step, Topology } from '../../engine/index';
import type { PlayItem } from '../../state/trace/playback';
import { skippedLayers } from './skipped';

const sw = 'node:win/vswitch:Hyper-V vSwitch';
const topology: Topology = {
  elements: [
    { id: 'node:win', role: 'node', label: 'win', machine: 'win' },
    { id: sw, role: 'vswitch', label: 'Hyper-V vSwitch', parent: 'node:win', machine: 'win' },
    { id: `${sw}/vfp:SLB_LB_LAYER`, role: 'vfp', label: 'SLB_LB_LAYER', parent: sw, machine: 'win' },
    { id: `${sw}/vfp:VNET_ENCAP_LAYER`, role: 'vfp', label: 'VNET_ENCAP_LAYER', parent: sw, machine: 'win' },
    { id: `${sw}/uft`, role: 'uft', label: 'UFT', parent: sw, machine: 'win' },
  ],
  edges: [],
};
const item = (component: string, action: string, location: string): PlayItem => ({ step: { at: { component }, action } as unknown as Step, part: 'request', index: 0, location });

describe('skippedLayers', () => {
  it('marks the layers of the vSwitch whose flow cache applied a known flow', () => {
    const items = [item('vnic', 'receive', 'node:win'), item('uft', 'flow-hit', `${sw}/uft`)];
    expect(skippedLayers(topology, items, 0).size).toBe(0);
    expect([...skippedLayers(topology, items, 1)].sort()).toEqual([`${sw}/vfp:SLB_LB_LAYER`, `${sw}/vfp:VNET_ENCAP_LAYER`]);
  });

  it('skips nothing for a first packet, which passes the layers and then creates the flow', () => {
    const items = [item('vfp', 'lb', `${sw}/vfp:SLB_LB_LAYER`), item('uft', 'flow-create', `${sw}/uft`)];
    expect(skippedLayers(topology, items, 1).size).toBe(0);
  });
});

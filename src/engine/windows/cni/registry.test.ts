/**
 * The Windows CNI registry: each implementation is keyed by the datapath's
 * CNI name, which only the Linux plug-ins' registry decides, and a CNI
 * without a Windows implementation gets the first one's network.
 */
import { describe, expect, it } from 'vitest';
import { CNI_PLUGINS } from '../../linux/cni/registry';
import { windowsIpv6Refusal } from '../ipv6';
import { WINDOWS_CNI_PLUGINS, windowsCniPlugin } from './registry';

describe('Windows CNI plug-ins', () => {
  it('are named after CNIs the datapath can choose, each once', () => {
    const names = WINDOWS_CNI_PLUGINS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(CNI_PLUGINS.map((p) => p.name)).toContain(n);
  });

  it('are looked up by the datapath CNI, the first standing in for a CNI without one', () => {
    expect(windowsCniPlugin('flannel').name).toBe('flannel');
    expect(windowsCniPlugin('antrea')).toBe(WINDOWS_CNI_PLUGINS[0]);
  });

  it('say why a node has no IPv6 by their own limitation', () => {
    const dp = (cni: string) => ({ cni: { value: cni, from: '', modelledAs: cni } }) as never;
    expect(windowsIpv6Refusal({ datapath: dp('calico'), mode: 'overlay' }).code).toBe('windows-ipv6-calico');
    expect(windowsIpv6Refusal({ datapath: dp('flannel'), mode: 'overlay' }).code).toBe('windows-ipv6-overlay');
    expect(windowsIpv6Refusal({ datapath: dp('flannel'), mode: 'l2bridge' }).code).toBe('windows-ipv6-l2bridge');
  });
});

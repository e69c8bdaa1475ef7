/**
 * Sharing service-port parts between nodes changes nothing: every node's
 * table equals the one compiled in place, whichever node compiled first.
 */
import { describe, expect, it } from 'vitest';
import { compileKubeProxyNft, type KubeProxyNftInput } from './kubeProxy';
import { addServicePort } from './kubeProxyServices';
import { printNftRuleset } from '../../nft/print';
import { OVERALL_INPUT } from '../../nft/testdata/upstream';

const nodes: Pick<KubeProxyNftInput, 'nodeName' | 'nodeIPs'>[] = [
  { nodeName: 'test-node', nodeIPs: ['192.168.0.2'] },
  { nodeName: 'node-b', nodeIPs: ['203.0.113.9'] },
  { nodeName: 'test-node', nodeIPs: ['192.168.0.2'] },
];

describe('kube-proxy parts shared between nodes', () => {
  it('give every node the table it would compile in place (ETP Local, source ranges, affinity, no endpoints)', () => {
    const input: KubeProxyNftInput = { ...OVERALL_INPUT, services: structuredClone(OVERALL_INPUT.services), endpointSlices: structuredClone(OVERALL_INPUT.endpointSlices) };
    for (const n of nodes) {
      const shared = compileKubeProxyNft({ ...input, ...n });
      const inPlace = compileKubeProxyNft({ ...input, ...n }, addServicePort);
      expect(shared).toEqual(inPlace);
      expect(printNftRuleset([shared])).toBe(printNftRuleset([inPlace]));
    }
  });

  it('keeps a chain of a shared part unchanged when a later Service adds to a chain of the same name', () => {
    const input: KubeProxyNftInput = { ...OVERALL_INPUT, services: structuredClone(OVERALL_INPUT.services), endpointSlices: structuredClone(OVERALL_INPUT.endpointSlices) };
    const dup = { ...input, services: [...input.services, input.services[0]!] };
    const first = compileKubeProxyNft(input);
    const before = printNftRuleset([first]);
    expect(compileKubeProxyNft(dup)).toEqual(compileKubeProxyNft(dup, addServicePort));
    expect(printNftRuleset([compileKubeProxyNft(input)])).toBe(before);
  });
});

/**
 * The calico table with policies against the real nft: `nft -c -f` accepts
 * it, and loading and listing it gives our text back (so the trace shows
 * the lines a node prints). Skipped without nft, as print.nft.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printNftRuleset } from '../linux/nft/print';
import type { LinuxNodeState } from '../linux/state';
import { inNetns, normaliseElements } from '../../testing/nftNetns';
import { toolOrSkip } from '../../testing/tools';
import { fromYaml } from '../testing/traceHelpers';
import { LAB_WITH_POLICIES_YAML } from './testdata/labPolicies';

const NFT = toolOrSkip('nft', 'nftables');
const dir = mkdtempSync(join(tmpdir(), 'packetwalk-policy-nft-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const c = fromYaml(LAB_WITH_POLICIES_YAML);

describe.skipIf(!NFT)('Felix policy chains with the real nft', () => {
  it.each(['k8s-lab-node-1', 'k8s-lab-node-2'])('%s: nft accepts the ruleset and lists it back unchanged', (node) => {
    const st = c.nodes.get(node) as LinuxNodeState;
    const text = printNftRuleset(st.nft);
    const f = join(dir, `${node}.nft`);
    writeFileSync(f, text);
    expect(() => inNetns(`${NFT} -c -f ${f}`)).not.toThrow();
    expect(normaliseElements(inNetns(`${NFT} -f ${f} && ${NFT} list ruleset`))).toBe(normaliseElements(text));
  });
});

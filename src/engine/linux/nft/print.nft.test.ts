/**
 * The printed ruleset against the real `nft` (nftables is installed on the
 * project's machines; we run as root). Everything runs inside a fresh network
 * namespace (`unshare -n`), so the host's ruleset is never read or changed.
 *
 * 1. `nft -c -f` accepts the representative ruleset (every kind of service,
 *    ETP Local, affinity, a service without endpoints, Calico).
 * 2. Round trip: loading our text and listing it back gives our text again,
 *    up to the order of set/map elements (the kernel's hash order).
 *
 * `npm test` installs nftables first; without `nft` the checks are skipped
 * with a message, and under CI=true they fail (src/testing/tools.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inNetns, normaliseElements } from '../../../testing/nftNetns';
import { toolOrSkip } from '../../../testing/tools';
import { compileCalicoNft } from '../cni/calico/nft';
import { compileKubeProxyNft } from '../proxy/nftables/kubeProxy';
import { OVERALL_INPUT } from './testdata/upstream';
import { printNftRuleset } from './print';
import { CALICO_INPUT, KP_INPUT } from './testdata/plan';

const NFT = toolOrSkip('nft', 'nftables');

const dir = mkdtempSync(join(tmpdir(), 'packetwalk-nft-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const representative = printNftRuleset([compileKubeProxyNft(KP_INPUT), compileCalicoNft(CALICO_INPUT)]);
const overall = printNftRuleset([compileKubeProxyNft(OVERALL_INPUT)]);

describe.skipIf(!NFT)('printed ruleset with the real nft', () => {
  it('nft -c -f accepts the representative ruleset', () => {
    const f = join(dir, 'representative.nft');
    writeFileSync(f, representative);
    expect(() => inNetns(`${NFT} -c -f ${f}`)).not.toThrow();
  });

  it.each([
    ['representative (kube-proxy + calico)', representative],
    ['upstream TestOverallNFTablesRules', overall],
  ])('%s: loading and listing gives the same text', (name, text) => {
    const f = join(dir, `${name.replace(/\W+/g, '-')}.nft`);
    writeFileSync(f, text);
    const listed = inNetns(`${NFT} -f ${f} && ${NFT} list ruleset`);
    expect(normaliseElements(listed)).toBe(normaliseElements(text));
  });

  it('nft -c -f rejects a broken ruleset (the check is real)', () => {
    const f = join(dir, 'broken.nft');
    writeFileSync(f, representative.replace('jump services', 'jump no-such-chain'));
    expect(() => inNetns(`${NFT} -c -f ${f}`)).toThrow();
  });
});

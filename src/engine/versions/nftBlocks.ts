/**
 * `nft list` text cut into its chains: name → the chain's lines, trimmed,
 * blank lines dropped. Used to compare a printed ruleset with a real one
 * chain by chain (tabs or the spaces a paste turned them into alike).
 */
export function nftChainBlocks(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const open = /^chain (\S+) \{$/.exec(line);
    if (open) {
      current = [];
      out.set(open[1]!, current);
    } else if (line === '}') current = undefined;
    else if (current && line !== '') current.push(line);
  }
  return out;
}

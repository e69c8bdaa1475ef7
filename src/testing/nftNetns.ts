/**
 * Running the real `nft` in a throw-away network namespace (`unshare -n`),
 * for tests that check our printed rulesets: the host's ruleset is never
 * read or changed.
 */
import { execFileSync } from 'node:child_process';

/** Runs a shell snippet in a new network namespace; throws with nft's message on failure. */
export function inNetns(script: string): string {
  return execFileSync('unshare', ['-n', 'sh', '-c', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Puts every `elements = { … }` block on one line with its items sorted (the kernel lists hash order). */
export function normaliseElements(text: string): string {
  return text.replace(/elements = \{ ([\s\S]*?) \}\n/g, (_m, body: string) => {
    const items = body.split(/,\s*\n\s*|, /).map((s) => s.trim());
    return `elements = { ${items.sort().join(', ')} }\n`;
  });
}

/**
 * The VFP flow cache's transposition text in the page's language. The engine
 * writes it in English (`describeTransposition` in engine/windows/uft.ts:
 * "A → B, source A → B, encapsulate VXLAN (VNI n) to IP, rewrite source MAC
 * to M", or "no rewrite"); this reads those phrases back and words them
 * through the catalogue (`transposition.*`), leaving addresses as they are.
 */
import type { TFunction } from 'i18next';

const PHRASES: [RegExp, string][] = [
  [/^source (\S+) → (\S+)$/, 'transposition.source'],
  [/^encapsulate VXLAN \(VNI (\d+)\) to (\S+)$/, 'transposition.encap'],
  [/^rewrite source MAC to (\S+)$/, 'transposition.mac'],
  [/^no rewrite$/, 'transposition.none'],
];

/** One phrase: `a`, `b` are its captured values. */
function phrase(t: TFunction, text: string): string {
  for (const [pattern, key] of PHRASES) {
    const m = pattern.exec(text);
    if (m) return t(key, { a: m[1], b: m[2] });
  }
  return text;
}

/** Localises a transposition text; text in another shape comes back unchanged. */
export function localizeTransposition(t: TFunction, text: string): string {
  return text
    .split(', ')
    .map((part) => phrase(t, part))
    .join(', ');
}

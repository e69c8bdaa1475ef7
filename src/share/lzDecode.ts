/**
 * lz-string's `decompressFromEncodedURIComponent` with a limit on what it
 * may unpack to. The format is LZ78-like: each code adds a dictionary entry
 * one character longer than one before it, so a link of 74 k characters
 * can unpack to hundreds of millions (issue 18). Decoding stops as soon as
 * the output passes `maxChars`, so an untrusted link costs at most that.
 *
 * The stream: 6-bit characters of the URI-safe alphabet, read most
 * significant bit first; codes of `width` bits, least significant first,
 * starting at 2 bits; 0 = an 8-bit character follows, 1 = a 16-bit one,
 * 2 = end; the width grows by one each time the dictionary reaches the next
 * power of two.
 *
 * @see lz-string (pieroxy/lz-string) README, "compressToEncodedURIComponent"
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE = new Map([...ALPHABET].map((ch, i) => [ch, i]));

export type LzDecoded = { text: string } | { error: 'corrupt' | 'too-large' };

/** A reader of `n`-bit numbers (least significant bit first) from the 6-bit characters. */
function bitReader(code: string): { read(n: number): number | undefined } {
  let index = 0;
  let value = 0;
  let mask = 0;
  return {
    read(n) {
      let out = 0;
      for (let bit = 0; bit < n; bit++) {
        if (mask === 0) {
          if (index >= code.length) return undefined;
          value = VALUE.get(code[index++]!) ?? 0;
          mask = 32;
        }
        if (value & mask) out |= 1 << bit;
        mask >>= 1;
      }
      return out;
    },
  };
}

export function lzDecodeUriComponent(code: string, maxChars: number): LzDecoded {
  const bits = bitReader(code);
  const dictionary: string[] = ['', '', ''];
  let width = 2;
  let grow = 4;
  const literal = (kind: number | undefined): string | undefined => (kind === 0 || kind === 1 ? String.fromCharCode(bits.read(kind === 0 ? 8 : 16) ?? 0) : undefined);
  const first = bits.read(2);
  if (first === 2) return { text: '' };
  const c = literal(first);
  if (c === undefined) return { error: 'corrupt' };
  dictionary.push(c);
  width = 3;
  let w = c;
  const out: string[] = [c];
  let length = c.length;
  for (;;) {
    let k = bits.read(width);
    if (k === undefined) return { error: 'corrupt' };
    if (k === 2) return { text: out.join('') };
    if (k === 0 || k === 1) {
      dictionary.push(literal(k)!);
      k = dictionary.length - 1;
      if (--grow === 0) grow = 2 ** width++;
    }
    const entry = k < dictionary.length ? dictionary[k]! : k === dictionary.length ? w + w[0] : undefined;
    if (entry === undefined) return { error: 'corrupt' };
    length += entry.length;
    if (length > maxChars) return { error: 'too-large' };
    out.push(entry);
    dictionary.push(w + entry[0]);
    w = entry;
    if (--grow === 0) grow = 2 ** width++;
  }
}

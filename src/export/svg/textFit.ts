/**
 * Fitting text into boxes without a browser to measure it: a conservative
 * width per character (monospace glyphs are 0.6 em in DejaVu Sans Mono,
 * Menlo and Consolas; proportional text is estimated at 0.58 em, wide enough
 * for Cyrillic; callers pass a size × BOLD for bold text), so a line that fits here fits in Chromium, Firefox and
 * librsvg alike.
 */

export type FontKind = 'mono' | 'sans';

const EM: Record<FontKind, number> = { mono: 0.61, sans: 0.6 };
/** Bold glyphs are wider (DejaVu Sans Bold ≈ 1.1× the regular advance). */
export const BOLD = 1.12;

export const FONT: Record<FontKind, string> = {
  mono: "'DejaVu Sans Mono', Menlo, Consolas, monospace",
  sans: "'DejaVu Sans', 'Segoe UI', Arial, sans-serif",
};

export function textWidth(s: string, size: number, kind: FontKind): number {
  return [...s].length * size * EM[kind];
}

/** The text cut to `width` with an ellipsis (whole text when it fits). */
export function fitText(s: string, width: number, size: number, kind: FontKind): string {
  const chars = [...s];
  const max = Math.floor(width / (size * EM[kind]));
  if (chars.length <= max) return s;
  return max <= 1 ? '…' : `${chars.slice(0, max - 1).join('')}…`;
}

/** Words wrapped into at most `maxLines` lines of `width`; the last line ends in an ellipsis when text is left over. */
export function wrapText(s: string, width: number, size: number, kind: FontKind, maxLines: number): string[] {
  const max = Math.max(1, Math.floor(width / (size * EM[kind])));
  const lines: string[] = [];
  let line = '';
  const words = s.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= max) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      line = '';
      const rest = words.slice(i).join(' ');
      lines[maxLines - 1] = fitText(`${lines[maxLines - 1]} ${rest}`, width, size, kind);
      break;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => fitText(l, width, size, kind));
}

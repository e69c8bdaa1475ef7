/**
 * Building SVG markup from data safely. Every text and attribute value goes
 * through `escapeXml` (names come from shared links and imports); attribute
 * names are fixed by this module's callers and checked against event handlers,
 * so no data can add `on…` attributes, elements or markup.
 */

/** XML 1.0 forbids most C0 controls (and lone surrogates); they are dropped rather than escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITY[c]!);
}

export type Attrs = Readonly<Record<string, string | number | undefined>>;

const SAFE_NAME = /^(?!on)[a-z][a-z0-9-]*(:[a-z]+)?$/i;

function attrs(a: Attrs): string {
  let out = '';
  for (const [name, value] of Object.entries(a)) {
    if (value === undefined) continue;
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe SVG attribute name ${name}`);
    out += ` ${name}="${escapeXml(typeof value === 'number' ? String(Math.round(value * 10) / 10) : value)}"`;
  }
  return out;
}

/** An element with markup children (already built by `el`/`text`). */
export function el(name: string, a: Attrs, children: readonly string[] = []): string {
  return children.length === 0 ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${children.join('')}</${name}>`;
}

/** A run of text inside `<text>` with its own attributes (`<tspan>`). */
export interface Span {
  content: string;
  attrs?: Attrs;
}

/** A `<text>` element whose content is data, escaped; several spans make `<tspan>`s. */
export function text(content: string | readonly Span[], a: Attrs): string {
  const body = typeof content === 'string' ? escapeXml(content) : content.map((s) => (s.attrs ? `<tspan${attrs(s.attrs)}>${escapeXml(s.content)}</tspan>` : escapeXml(s.content))).join('');
  return `<text${attrs(a)}>${body}</text>`;
}

/** A `<title>` (tooltip, and the accessible name of its group). */
export function title(content: string): string {
  return `<title>${escapeXml(content)}</title>`;
}

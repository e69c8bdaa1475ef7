/**
 * An exported SVG holds the page's text (names from shared links and imports)
 * as text; this removes anything active a copy of the DOM could carry into the
 * file: script-like elements, `on…` event attributes and `javascript:` links.
 */
const ACTIVE_ELEMENTS = 'script, iframe, object, embed, foreignObject script, animate[attributeName^="on" i], set[attributeName^="on" i]';

export function stripActiveContent(root: Element): Element {
  for (const el of [...root.querySelectorAll(ACTIVE_ELEMENTS)]) el.remove();
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const href = name === 'href' || name === 'xlink:href' || name === 'src' || name === 'action' || name === 'formaction';
      if (name.startsWith('on') || (href && /^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value))) el.removeAttribute(attr.name);
    }
  }
  return root;
}

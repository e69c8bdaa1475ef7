/**
 * English left in Russian text. Russian mode may show identifiers (names,
 * addresses, rule text, object kinds) and the field's standard terms in Latin,
 * as the seed article does (HNS, VFP, VXLAN, strictAffinity, kube-proxy); any
 * other Latin word is a leak: an untranslated sentence tail, a verdict code, a
 * component id ("uft", "vfp", "delivered").
 *
 * `findLatinLeaks` checks a text; `collectTranslatableText` gathers a page's
 * visible text outside identifier markup, and is self-contained so e2e tests
 * can pass it to `page.evaluate`. Exports reuse both (Markdown: strip code
 * spans with `stripCodeSpans` first).
 */

/** Terms the seed article writes in Latin inside Russian sentences (lower case). */
export const LATIN_TERMS: ReadonlySet<string> = new Set([
  'windows',
  'linux',
  'kubernetes',
  'calico',
  'felix',
  'flannel',
  'kube-proxy',
  'kubelet',
  'kubectl',
  'calicoctl',
  'winkernel',
  'nftables',
  'iptables',
  'netfilter',
  'conntrack',
  'ipset',
  'hyper-v',
  'vswitch',
  'vnic',
  'ping',
  'curl',
  'tcpdump',
  'pktmon',
  'vfpctrl',
  'hnsdiag',
  'powershell',
  'overlay',
  'l2bridge',
  'vxlan.calico',
  'blackhole',
  'onlink',
  'selector',
  'kind',
  // The seed writes these in Latin: "адаптер Ethernet", "veth-пара"; `dev` as in `ip route … dev vxlan.calico`.
  'ethernet',
  'veth',
  'dev',
]);

/**
 * Words allowed only as written (case-sensitive): Kubernetes/Calico object kinds
 * (the seed writes "Service", "IPPool" in Russian sentences) and key names on the keyboard.
 */
export const LATIN_NAMES: ReadonlySet<string> = new Set([
  'Pod',
  'Service',
  'Namespace',
  'Node',
  'Installation',
  'Home',
  'End',
  'Esc',
  'Enter',
  'Tab',
]);

/** Latin-only words of at least two letters, with the identifier characters that keep a name whole. */
const WORD = /[A-Za-z][A-Za-z0-9_./:@=-]*[A-Za-z0-9]|[A-Za-z]{2,}/g;

/** True when `word` is an identifier or term rather than an English word. */
export function isAllowedLatin(word: string, extra: ReadonlySet<string> = new Set()): boolean {
  if (word.length < 2) return true;
  if (/[0-9_./:@=]/.test(word)) return true; // addresses, names, layer ids, versions, key=value
  if (/^[A-Z0-9-]+$/.test(word)) return true; // acronyms: HNS, VFP, VXLAN, TCP, LB-DSR
  if (/^[a-z]+[A-Z]/.test(word) || /^[A-Z][a-z]+[A-Z]/.test(word)) return true; // camelCase / PascalCase identifiers: strictAffinity, ClusterIP, OutBoundNAT
  const lower = word.toLowerCase();
  if (LATIN_NAMES.has(word)) return true;
  if (LATIN_TERMS.has(lower) || extra.has(word) || extra.has(lower)) return true;
  // Hyphenated words whose parts are all allowed (kube-proxy-windows, Hyper-V).
  if (word.includes('-')) return word.split('-').every((part) => part === '' || isAllowedLatin(part, extra));
  return false;
}

/** The Latin words of `text` that are neither identifiers nor allowed terms, in order, each once. */
export function findLatinLeaks(text: string, allowed: Iterable<string> = []): string[] {
  const extra = new Set<string>();
  for (const a of allowed) {
    extra.add(a);
    extra.add(a.toLowerCase());
  }
  const leaks = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    // A Latin run glued to Cyrillic ("Windows-узел") is checked by its Latin part only, which WORD already isolates.
    if (!isAllowedLatin(word, extra)) leaks.add(word);
  }
  return [...leaks];
}

/** Markdown without its code spans and fenced blocks (rule text, commands): what a reader reads as prose. */
export function stripCodeSpans(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
}

/**
 * The visible text of `root` outside identifier markup: `code`, `kbd`,
 * `samp`, `pre`, form fields, any element with `translate="no"` (the
 * HTML attribute for "a name, keep as is") and any marked as English
 * (`lang="en"`: the language switch's own name, a source quoted in English).
 * One string per text node.
 * Self-contained (no outer references) so that `page.evaluate` can run it.
 */
export function collectTranslatableText(root: Element): string[] {
  const out: string[] = [];
  const skip = (el: Element | null): boolean => {
    for (let e = el; e && e !== root.parentElement; e = e.parentElement) {
      if (e.closest('code, kbd, samp, pre, textarea, select, option, input, script, style, [translate="no"], [lang^="en"], [aria-hidden="true"]') === e) return true;
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim();
    if (text && /[A-Za-z]/.test(text) && !skip(n.parentElement)) out.push(text);
  }
  return out;
}

/**
 * The accessible names and descriptions a screen reader announces inside
 * `root` (aria-label, title, alt, and the text aria-describedby points to,
 * hidden or not), outside identifier markup. Self-contained, like
 * `collectTranslatableText`, for `page.evaluate`.
 */
export function collectAccessibleText(root: Element): string[] {
  const out = new Set<string>();
  for (const el of [root, ...Array.from(root.querySelectorAll('[aria-label], [title], [alt], [aria-describedby]'))]) {
    if (el.closest('[translate="no"], [lang^="en"]')) continue;
    for (const attr of ['aria-label', 'title', 'alt']) {
      const v = el.getAttribute(attr)?.trim();
      if (v && /[A-Za-z]/.test(v)) out.add(v);
    }
    for (const id of (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
      const v = document.getElementById(id)?.textContent?.trim();
      if (v && /[A-Za-z]/.test(v)) out.add(v);
    }
  }
  return [...out];
}

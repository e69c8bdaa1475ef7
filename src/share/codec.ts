/**
 * Share links: `encodeShare(state)` → a URL-safe string (lz-string
 * `compressToEncodedURIComponent` of `{"v":1,"s":state}`, the state's keys
 * shortened by the fixed table `WIRE_KEYS` so links stay short), `decodeShare(text)`
 * → the state or a clear error. Decoding never throws: a tampered, truncated
 * or foreign string is `corrupt`, a link from another format version is
 * `unsupported-version`, and a well-formed link with bad fields is `invalid`
 * (the message names the field).
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { lzDecodeUriComponent } from './lzDecode';
import { SHARE_PARAM } from './shareParam';
import { shareStateSchema, type ShareState } from './shareState';

/** The format version this build writes and reads. Bump it (and keep a reader for the old one) when the state changes shape. */
export const SHARE_VERSION = 1;

/** Longest share text decoded (characters); longer input is refused as corrupt before decompressing. */
export const MAX_SHARE_TEXT = 400_000;

/**
 * Most characters a share text may unpack to: ten times the longest text,
 * room for a scenario's YAML; a link that unpacks to more is refused as soon
 * as it passes this (lz-string output can grow quadratically with its input).
 */
export const MAX_SHARE_JSON = 10 * MAX_SHARE_TEXT;

export type ShareErrorCode = 'corrupt' | 'unsupported-version' | 'invalid';

export type DecodeResult = { state: ShareState } | { error: { code: ShareErrorCode; message: string } };

/**
 * Short wire names for the state's keys (at any depth). Fixed for version 1:
 * changing an entry is a format change (bump `SHARE_VERSION`).
 */
export const WIRE_KEYS: Readonly<Record<string, string>> = {
  scenario: 'sc', preset: 'p', edits: 'e', find: 'f', replace: 'r', append: 'a', yaml: 'y',
  flow: 'fl', src: 's', dst: 'd', proto: 'pr', dport: 'dp', sport: 'sp', size: 'sz', df: 'df',
  fromNode: 'fn', packet: 'pk', backend: 'b', step: 'i', detail: 'dt', compare: 'c',
  language: 'l', theme: 't', embed: 'em', lesson: 'ls', id: 'id',
  // Added later in version 1 (imported files as a scenario source); older links never use them.
  files: 'fs', name: 'n', text: 'tx', windowsNode: 'wn',
};
const FROM_WIRE: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(WIRE_KEYS).map(([k, v]) => [v, k]));

/** Renames object keys at every depth by `table`; keys not in it stay (and fail validation later). */
function renameKeys(value: unknown, table: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, table));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [Object.hasOwn(table, k) ? table[k]! : k, renameKeys(v, table)]));
}

/** Encodes a state; `state` is validated first, so a link is never written that this build could not read back. */
export function encodeShare(state: ShareState): string {
  const s = shareStateSchema.parse(state);
  return compressToEncodedURIComponent(JSON.stringify({ v: SHARE_VERSION, s: renameKeys(s, WIRE_KEYS) }));
}

const fail = (code: ShareErrorCode, message: string): DecodeResult => ({ error: { code, message } });

/**
 * Decodes a share text (the part after `#share=`, or the whole text).
 * Never throws; never unpacks more than `maxUnpacked` characters.
 */
export function decodeShare(text: string, maxUnpacked = MAX_SHARE_JSON): DecodeResult {
  if (typeof text !== 'string' || text.trim() === '') return fail('corrupt', 'The link carries no view state.');
  const code = text.trim();
  if (code.length > MAX_SHARE_TEXT) return fail('corrupt', `The link is too long (${code.length} characters; at most ${MAX_SHARE_TEXT}).`);
  if (!/^[A-Za-z0-9+\-$]*$/.test(code)) return fail('corrupt', 'The link contains characters a share link never has; it was probably cut or changed.');
  const unpacked = lzDecodeUriComponent(code, maxUnpacked);
  if ('error' in unpacked && unpacked.error === 'too-large') return fail('corrupt', `The link unpacks to more than ${maxUnpacked} characters; it was not made by packetwalk.`);
  const json = 'text' in unpacked ? unpacked.text : '';
  if (!json) return fail('corrupt', 'The link could not be unpacked; it was probably cut or changed.');
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return fail('corrupt', 'The link could not be read; it was probably cut or changed.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('corrupt', 'The link does not hold a view state.');
  const v = (data as { v?: unknown }).v;
  if (v !== SHARE_VERSION) {
    const which = typeof v === 'number' && Number.isInteger(v) ? `version ${v}` : 'an unknown version';
    return fail('unsupported-version', `The link was made by ${which} of packetwalk; this page reads version ${SHARE_VERSION} links. Open it in the matching version or make a new link.`);
  }
  const parsed = shareStateSchema.safeParse(renameKeys((data as { s?: unknown }).s, FROM_WIRE));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'state';
    return fail('invalid', `The link's ${where} is not valid: ${issue.message}.`);
  }
  return { state: parsed.data as ShareState };
}

export { SHARE_PARAM };

/**
 * A share URL for `base` (the page URL without hash): the state in the hash
 * (`#share=…`, never sent to a server), and `?embed=1` in the query when
 * the state is an embed, so hosts can see it.
 */
export function shareUrl(base: string, state: ShareState): string {
  const url = new URL(base);
  url.hash = '';
  if (state.embed) url.searchParams.set('embed', '1');
  else url.searchParams.delete('embed');
  return `${url.toString()}#${SHARE_PARAM}=${encodeShare(state)}`;
}

/**
 * Reads the share text from a URL's hash (`#share=…`); undefined when the URL
 * has none. `?embed=1` in the query turns embed on whatever the state says.
 */
export function decodeShareUrl(href: string): DecodeResult | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return fail('corrupt', 'The address is not a URL.');
  }
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const code = hash.get(SHARE_PARAM);
  if (code === null) return undefined;
  const r = decodeShare(code.replace(/ /g, '+'));
  if ('state' in r && url.searchParams.get('embed') === '1') return { state: { ...r.state, embed: true } };
  return r;
}

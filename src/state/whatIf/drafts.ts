/**
 * Drafts: the user's what-if work, one per scenario (keyed by the source it
 * started from), kept in the browser so a reload, a preset switch or an
 * opened share link never loses it. A draft stores the source once and the
 * changes as small text patches (`ScenarioEdit`s), never copies of the text.
 *
 * Stored in IndexedDB (room for imported dumps of many MB; localStorage holds
 * about 5 MB). A write that fails (quota, private mode) throws to the caller,
 * which tells the user; the previous draft stays as it was — a failed save
 * never replaces good state with nothing.
 */
import type { ScenarioEdit, ScenarioSource } from '../../share/scenarioSource';

export interface Draft {
  /** The scenario the changes start from: a preset, a link's scenario, imported files. */
  base: ScenarioSource;
  /** The user's changes, oldest first (each the text edits of one change). */
  changes: ScenarioEdit[][];
  /** Undone changes; the next redo is last. */
  future: ScenarioEdit[][];
  /** The preset chosen when the draft was made (what "reset" goes back to). */
  preset: string;
}

export interface DraftStore {
  get(key: string): Promise<Draft | undefined>;
  /** Throws when the browser refuses the write (quota); the stored draft is then unchanged. */
  put(key: string, draft: Draft): Promise<void>;
  /** The draft shown when the page was left, restored on the next start. */
  getCurrent(): Promise<string | undefined>;
  setCurrent(key: string): Promise<void>;
}

/** Characters hashed per task: about 5 ms each in the first, not yet optimised, pass, so hashing an imported dump of MB never holds the main thread (issue 18). */
const HASH_SLICE = 1 << 16;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** cyrb53: a fast 53-bit string hash, enough to tell sources apart as storage keys; a long text is hashed a slice per task. */
async function hash53(text: string): Promise<string> {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let start = 0; start < text.length; start += HASH_SLICE) {
    if (start > 0) await nextTask();
    const end = Math.min(text.length, start + HASH_SLICE);
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Keys already computed, by source object: an imported dump of MB is hashed once, not on every save (issue 18). */
const keys = new WeakMap<ScenarioSource, Promise<string>>();

/** The key a source's draft is kept under: `preset:<name>` for a plain preset, else a hash of the source (the same keys as ever, so stored drafts are found). */
export function draftKey(base: ScenarioSource): Promise<string> {
  if ('preset' in base && !base.edits?.length) return Promise.resolve(`preset:${base.preset}`);
  let key = keys.get(base);
  if (key === undefined) keys.set(base, (key = hash53(JSON.stringify(base)).then((h) => `source:${h}`)));
  return key;
}

/** A draft store in memory (tests; browsers without IndexedDB). `quota` makes writes over that many characters fail. */
export function memoryDraftStore(quota = Infinity): DraftStore & { drafts: Map<string, Draft> } {
  const drafts = new Map<string, Draft>();
  let current: string | undefined;
  return {
    drafts,
    get: async (key) => structuredClone(drafts.get(key)),
    async put(key, draft) {
      const size = [...drafts.entries()].filter(([k]) => k !== key).reduce((n, [, d]) => n + JSON.stringify(d).length, 0) + JSON.stringify(draft).length;
      if (size > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      drafts.set(key, structuredClone(draft));
    },
    getCurrent: async () => current,
    async setCurrent(key) {
      current = key;
    },
  };
}

const DB = 'packetwalk';
const STORE = 'drafts';
const CURRENT = '~current';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * What a draft's record holds in IndexedDB: the changes, not the base, which
 * is kept once under `base:<key>`. Writing the whole draft on every change
 * cloned an imported dump of MB on the main thread each time (issue 18).
 * Records written before this split hold their base inline and still load.
 */
type StoredDraft = Omit<Draft, 'base'> & { base?: ScenarioSource };

const baseKey = (key: string) => `base:${key}`;

/** Drafts in IndexedDB (database `packetwalk`, object store `drafts`). */
export function indexedDbDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let db: Promise<IDBDatabase> | undefined;
  /** The base stored under each key by this page (read or written): a later save of the same base writes only the changes. */
  const storedBase = new Map<string, ScenarioSource>();
  const open = () =>
    (db ??= new Promise((resolve, reject) => {
      const r = factory.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB could not be opened'));
    }));
  /** Runs `run` in one transaction and resolves with its result once the transaction has committed. */
  async function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => Promise<T>): Promise<T> {
    const t = (await open()).transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = () => reject(t.error ?? new Error('IndexedDB write failed'));
      t.onabort = () => reject(t.error ?? new Error('IndexedDB write aborted'));
    });
    const result = run(t.objectStore(STORE)).catch((error: unknown) => {
      // A request that could not be made (a value that cannot be stored): nothing of the transaction is kept.
      // A failed request may have aborted it already; aborting again would throw and hide the first error.
      try {
        t.abort();
      } catch {
        // already finished
      }
      throw error;
    });
    const [value] = await Promise.all([result, done]);
    return value;
  }
  return {
    get: (key) =>
      tx('readonly', async (s) => {
        const stored = (await request(s.get(key))) as StoredDraft | undefined;
        if (!stored) return undefined;
        const base = stored.base ?? ((await request(s.get(baseKey(key)))) as ScenarioSource | undefined);
        // A record whose base is gone (storage partly cleared) is no draft: the scenario opens without it.
        if (!base) return undefined;
        storedBase.set(key, base);
        return { ...stored, base };
      }),
    async put(key, { base, ...changes }) {
      const writeBase = storedBase.get(key) !== base;
      await tx('readwrite', async (s) => {
        // One transaction: the base and the record that needs it are stored together or not at all.
        if (writeBase) s.put(base, baseKey(key));
        await request(s.put(changes satisfies StoredDraft, key));
      });
      storedBase.set(key, base);
    },
    getCurrent: () => tx('readonly', async (s) => ((await request(s.get(CURRENT))) as string | undefined) ?? undefined),
    setCurrent: (key) => tx('readwrite', async (s) => void (await request(s.put(key, CURRENT)))),
  };
}

/** IndexedDB when the browser has it, else memory (the work then lasts until the page closes). */
export function defaultDraftStore(): DraftStore {
  try {
    if (typeof indexedDB !== 'undefined') return indexedDbDraftStore();
  } catch {
    // IndexedDB disabled (some private modes)
  }
  return memoryDraftStore();
}

/** The localStorage key of the drafts this app wrote before IndexedDB (one whole text per undo step). */
export const LEGACY_STORAGE_KEY = 'packetwalk.whatIf.v1';

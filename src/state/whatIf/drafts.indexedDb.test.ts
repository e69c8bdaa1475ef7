import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexedDbDraftStore, type Draft } from './drafts';

const base = { files: [{ name: 'dump.yaml', text: 'kind: Node\n'.repeat(1000) }] };
const draft = (changes: number): Draft => ({
  base,
  changes: Array.from({ length: changes }, (_, i) => [{ find: `vxlanMode: Always ${i}`, replace: 'vxlanMode: CrossSubnet' }]),
  future: [],
  preset: 'k8s-lab',
});

/** Runs one request on the drafts object store directly, as another version of the page would. */
async function rawRequest<T>(factory: IDBFactory, mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await new Promise<IDBDatabase>((resolve) => (factory.open('packetwalk', 1).onsuccess = (e) => resolve((e.target as IDBOpenDBRequest).result)));
  return new Promise((resolve) => (run(db.transaction('drafts', mode).objectStore('drafts')).onsuccess = (e) => resolve((e.target as IDBRequest<T>).result)));
}
const raw = (factory: IDBFactory, key: string) => rawRequest(factory, 'readonly', (s) => s.get(key));

afterEach(() => vi.restoreAllMocks());

describe('indexedDbDraftStore', () => {
  it('keeps a draft across pages: what one page put, a later page gets', async () => {
    const factory = new IDBFactory();
    await indexedDbDraftStore(factory).put('source:a', draft(2));
    await indexedDbDraftStore(factory).setCurrent('source:a');
    const later = indexedDbDraftStore(factory);
    expect(await later.getCurrent()).toBe('source:a');
    expect(await later.get('source:a')).toEqual(draft(2));
    expect(await later.get('source:none')).toBeUndefined();
  });

  it('stores the base once: later saves of the same draft write only its changes (issue 18)', async () => {
    const factory = new IDBFactory();
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    const store = indexedDbDraftStore(factory);
    for (let n = 1; n <= 5; n++) await store.put('source:a', draft(n));
    const keys = puts.mock.calls.map(([, key]) => key);
    expect(keys.filter((k) => k === 'base:source:a')).toHaveLength(1);
    expect(keys.filter((k) => k === 'source:a')).toHaveLength(5);
    expect(await raw(factory, 'source:a')).not.toHaveProperty('base');
    expect(await raw(factory, 'base:source:a')).toEqual(base);

    // A page that read the draft saves it again without the base, too.
    puts.mockClear();
    const later = indexedDbDraftStore(factory);
    const read = (await later.get('source:a'))!;
    await later.put('source:a', { ...read, changes: read.changes.slice(1) });
    expect(puts.mock.calls.map(([, key]) => key)).toEqual(['source:a']);
    expect((await indexedDbDraftStore(factory).get('source:a'))?.changes).toHaveLength(4);
  });

  it('reads drafts stored before the split, with their base inline', async () => {
    const factory = new IDBFactory();
    const store = indexedDbDraftStore(factory);
    await store.setCurrent('x'); // creates the database
    await rawRequest(factory, 'readwrite', (s) => s.put(draft(1), 'source:old'));
    expect(await store.get('source:old')).toEqual(draft(1));
  });

  it('a refused write keeps the stored draft as it was, base and changes', async () => {
    const factory = new IDBFactory();
    const store = indexedDbDraftStore(factory);
    await store.put('source:a', draft(1));
    const other = { yaml: 'kind: Node' };
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      if (key === 'source:a') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    await expect(store.put('source:a', { ...draft(3), base: other })).rejects.toThrow('quota');
    vi.restoreAllMocks();
    // The new base went nowhere: the transaction was aborted with the record that needed it.
    expect(await indexedDbDraftStore(factory).get('source:a')).toEqual(draft(1));
    // And the store knows the base was not written: the next save writes it.
    await store.put('source:a', { ...draft(2), base: other });
    expect(await indexedDbDraftStore(factory).get('source:a')).toEqual({ ...draft(2), base: other });
  });

  it('a record whose base is gone is no draft', async () => {
    const factory = new IDBFactory();
    await indexedDbDraftStore(factory).put('source:a', draft(1));
    await rawRequest(factory, 'readwrite', (s) => s.delete('base:source:a'));
    expect(await indexedDbDraftStore(factory).get('source:a')).toBeUndefined();
  });
});

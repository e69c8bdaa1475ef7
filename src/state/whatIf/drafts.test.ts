import { describe, expect, it } from 'vitest';
import { draftKey } from './drafts';

describe('draftKey', () => {
  it('keeps the keys drafts were stored under, also for a source hashed over several tasks', async () => {
    // The keys the synchronous hash gave before it was sliced (issue 18): a stored draft must still be found.
    const text = Array.from({ length: 40000 }, (_, i) => `line ${i}: "ünïcode" \\ ${i * 7}`).join('\n');
    expect(text.length).toBeGreaterThan(4 * (1 << 18));
    expect(await draftKey({ yaml: text })).toBe('source:24b8v7lsund');
    expect(await draftKey({ files: [{ name: 'a.yaml', text: 'kind: Node' }] })).toBe('source:2cril82ulor');
    expect(await draftKey({ preset: 'k8s-lab' })).toBe('preset:k8s-lab');
  });

  it('hashes a long source without holding the thread: other tasks run between its slices', async () => {
    const source = { yaml: 'x'.repeat(3 << 18) };
    let ran = false;
    setTimeout(() => (ran = true), 0);
    const key = draftKey(source);
    await key;
    expect(ran).toBe(true);
    // Asked again for the same source object: the same promise, not a second hash.
    expect(draftKey(source)).toBe(key);
  });
});

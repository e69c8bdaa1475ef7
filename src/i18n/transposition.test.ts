import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import { findLatinLeaks } from './latinLeaks';
import { localizeTransposition } from './transposition';

describe('localizeTransposition', () => {
  const ru = createI18n('ru').t;
  const en = createI18n('en').t;
  const text = '10.97.141.163:80 → 172.21.211.8:8080, source 172.21.41.6:40000 → 192.168.10.25:40000, encapsulate VXLAN (VNI 4096) to 192.168.10.24';

  it('words the engine’s phrases in Russian, addresses unchanged', () => {
    const out = localizeTransposition(ru, text);
    expect(out).toContain('10.97.141.163:80 → 172.21.211.8:8080');
    expect(out).toContain('192.168.10.24');
    expect(findLatinLeaks(out)).toEqual([]);
    expect(findLatinLeaks(localizeTransposition(ru, 'rewrite source MAC to 00:15:5d:33:cd:82'))).toEqual([]);
    expect(findLatinLeaks(localizeTransposition(ru, 'no rewrite'))).toEqual([]);
  });

  it('keeps English as the engine wrote it', () => {
    expect(localizeTransposition(en, text)).toBe(text);
  });
});

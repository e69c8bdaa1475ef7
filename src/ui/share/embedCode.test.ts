import { describe, expect, it } from 'vitest';
import { embedCode } from './embedCode';

describe('embedCode', () => {
  it('is a 640×360 iframe with the link and an escaped title', () => {
    expect(embedCode('https://x.test/pw/?embed=1&a=b#share=AB+c', 'packetwalk: TCP "a" → <b>')).toBe(
      '<iframe src="https://x.test/pw/?embed=1&amp;a=b#share=AB+c" width="640" height="360" title="packetwalk: TCP &quot;a&quot; → &lt;b>" style="border:0" loading="lazy"></iframe>',
    );
  });
});

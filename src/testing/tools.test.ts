import { describe, expect, it, vi } from 'vitest';
import { toolOrSkip } from './tools';

describe('toolOrSkip', () => {
  const missing = (): undefined => undefined;

  it('gives the path of a tool that is there', () => {
    expect(toolOrSkip('nft', 'nftables', {}, () => '/usr/sbin/nft')).toBe('/usr/sbin/nft');
  });

  it('skips a missing tool with a warning outside CI', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toolOrSkip('nft', 'nftables', {}, missing)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nftables'));
    warn.mockRestore();
  });

  it('fails under CI=true instead of skipping', () => {
    expect(() => toolOrSkip('nft', 'nftables', { CI: 'true' }, missing)).toThrow(/under CI/);
  });
});

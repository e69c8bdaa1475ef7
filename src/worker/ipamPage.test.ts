import { describe, expect, it } from 'vitest';
import type { IpamView } from './api';
import { freeInBlock } from '../edit/freeAddress';
import { borrowCandidate, ipamPage } from './ipamPage.worker';

const view: IpamView = {
  strictAffinity: true,
  borrowed: [],
  blocks: [
    { cidr: '172.21.211.0/26', pool: 'p', node: 'lin', windows: false, reserved: [], usable: 64, pods: [{ pod: 'demo/hello', ip: '172.21.211.1', node: 'lin' }] },
    { cidr: '172.21.41.0/26', pool: 'p', node: 'win', windows: true, reserved: ['172.21.41.0', '172.21.41.1', '172.21.41.2', '172.21.41.63'], usable: 60, pods: [{ pod: 'demo/web', ip: '172.21.41.3', node: 'win' }] },
  ],
};

describe('ipamSuggest', () => {
  it('offers the first free address, skipping the reserved and used ones', () => {
    expect(freeInBlock(view.blocks[0]!)).toBe('172.21.211.2');
    expect(freeInBlock(view.blocks[1]!)).toBe('172.21.41.4');
  });

  it('picks a Linux pod and a Windows block address for the borrowing demonstration', () => {
    expect(borrowCandidate(view, { namespace: 'demo', name: 'hello', node: 'lin' })).toEqual({ pod: { namespace: 'demo', name: 'hello' }, node: 'lin', ip: '172.21.41.4' });
    expect(borrowCandidate(view, undefined)).toBeUndefined();
  });
});

describe('ipamPage', () => {
  const hello = { namespace: 'demo', name: 'hello', node: 'lin' };
  it('sends the first blocks matching the search (CIDR, node, pool, pod or address) and how many match', () => {
    expect(ipamPage(view, { text: '', limit: 1 }, hello)).toMatchObject({ blocks: [view.blocks[0]], matching: 2, blockCount: 2, strictAffinity: true });
    expect(ipamPage(view, { text: 'WIN', limit: 50 }, hello).blocks.map((b) => b.node)).toEqual(['win']);
    expect(ipamPage(view, { text: 'demo/web', limit: 50 }, hello).blocks.map((b) => b.node)).toEqual(['win']);
    expect(ipamPage(view, { text: '172.21.211.1', limit: 50 }, hello)).toMatchObject({ matching: 1, blockCount: 2 });
    expect(ipamPage(view, { text: 'nothing', limit: 50 }, hello)).toMatchObject({ blocks: [], matching: 0, blockCount: 2 });
  });

  it('offers the borrowing example only while nothing is borrowed', () => {
    expect(ipamPage(view, { text: '', limit: 50 }, hello).borrowCandidate).toEqual({ pod: { namespace: 'demo', name: 'hello' }, node: 'lin', ip: '172.21.41.4' });
    const borrowed = { ...view, borrowed: [{ pod: 'demo/hello', ip: '172.21.41.4', node: 'lin', blockOwner: 'win' }] };
    expect(ipamPage(borrowed, { text: '', limit: 50 }, hello).borrowCandidate).toBeUndefined();
  });
});

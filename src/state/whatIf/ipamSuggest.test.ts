import { describe, expect, it } from 'vitest';
import type { IpamView } from '../../worker/api';
import { freeInBlock } from '../../edit/freeAddress';
import { borrowCandidate } from './ipamSuggest';

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

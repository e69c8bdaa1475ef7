import { describe, expect, it } from 'vitest';
import { ipToInt, type Cidr } from '../engine/index';
import { podsByBlock } from './whatIf.worker';

const cidr = (text: string): Cidr => {
  const [ip, len] = text.split('/');
  return { base: ipToInt(ip!), len: Number(len), text };
};

describe('podsByBlock', () => {
  it("puts each pod in the block holding its address, in IPAM's order; an address outside every block in none", () => {
    const blocks = [cidr('172.21.211.0/26'), cidr('10.64.0.0/26'), cidr('172.21.41.0/26')];
    const pods = new Map([
      ['demo/a', '172.21.41.5'],
      ['demo/b', '10.64.0.63'],
      ['demo/c', '172.21.211.1'],
      ['demo/d', '172.21.41.2'],
      ['demo/e', '10.64.0.64'],
      ['demo/f', '9.9.9.9'],
    ]);
    expect(podsByBlock(blocks, pods)).toEqual([
      [['demo/c', '172.21.211.1']],
      [['demo/b', '10.64.0.63']],
      [
        ['demo/a', '172.21.41.5'],
        ['demo/d', '172.21.41.2'],
      ],
    ]);
  });
});

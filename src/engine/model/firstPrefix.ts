/**
 * "The first entry, in list order, whose prefix holds the address" without a
 * scan: entries grouped by prefix length, each group a map from network
 * address to the lowest entry index. A lookup costs one map probe per
 * distinct prefix length (a cluster's RemoteSubnetRoutes share one or two).
 * Entries that are not IPv4 CIDR hold nothing, as cidrContains says.
 */
import { ipToInt, parseCidr } from './ipv4';

export class FirstPrefixIndex {
  private readonly byLen = new Map<number, Map<number, number>>();
  private readonly masks: [len: number, mask: number][] = [];

  constructor(prefixes: readonly (string | undefined)[]) {
    prefixes.forEach((text, i) => {
      const c = text === undefined ? undefined : parseCidr(text);
      if (!c) return;
      let group = this.byLen.get(c.len);
      if (!group) {
        this.byLen.set(c.len, (group = new Map()));
        this.masks.push([c.len, c.len === 0 ? 0 : (0xffffffff << (32 - c.len)) >>> 0]);
      }
      if (!group.has(c.base)) group.set(c.base, i);
    });
  }

  /** The lowest index whose prefix holds `ip`, or undefined (also for text that is not an address). */
  first(ip: string): number | undefined {
    const n = ipToInt(ip);
    if (!Number.isInteger(n)) return undefined;
    let best: number | undefined;
    for (const [len, m] of this.masks) {
      const i = this.byLen.get(len)!.get((n & m) >>> 0);
      if (i !== undefined && (best === undefined || i < best)) best = i;
    }
    return best;
  }
}

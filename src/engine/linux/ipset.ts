/**
 * IP sets of a Linux node (Felix's `cali40…` sets in its iptables dataplane):
 * the model, membership, and the two texts people see — `ipset list` and the
 * `ipset save` form that `ipset restore` loads (the kernel check uses it).
 *
 * `hash:net` holds CIDRs (a member matches every address inside), `hash:ip`
 * single addresses. Header values are Felix's: `family inet`, `hashsize
 * 1024`, `maxelem 1048576` (MaxIPSetSize default).
 * Assumption: `ipset list` also prints `Revision`, `bucketsize`, a random
 * `initval` and the memory size; those lines depend on the kernel and are
 * left out.
 *
 * @see ipset(8) (list, save, restore; hash:net, hash:ip)
 * @see C20 projectcalico/calico felix/ipsets/ipsets.go (maxelem from MaxIPSetSize), felix/config/config_params.go (MaxIPSetSize 1048576)
 */
import type { ObjectRef } from '../model/diagnostic';
import { cidrContains, parseCidr } from '../model/ipv4';

export interface IpSetMember {
  /** `a.b.c.d/len` for hash:net, `a.b.c.d` for hash:ip. */
  entry: string;
  owner?: ObjectRef;
}

export interface IpSet {
  name: string;
  type: 'hash:net' | 'hash:ip';
  members: IpSetMember[];
  /** Who creates it, with the upstream source. */
  source: string;
  /** How many iptables rules reference it (`References:` in `ipset list`). */
  references: number;
}

const MAXELEM = 1048576;

/** Whether `ip` is in the set: inside a member CIDR (hash:net) or equal to a member (hash:ip). */
export function ipsetHas(set: IpSet, ip: string): boolean {
  if (parseCidr(ip) === undefined) return false;
  return set.members.some((m) => {
    const c = parseCidr(m.entry.includes('/') ? m.entry : `${m.entry}/32`);
    return c !== undefined && cidrContains(c, ip);
  });
}

/** `ipset list`: one block per set, members in insertion order. */
export function formatIpsetList(sets: readonly IpSet[]): string {
  return sets
    .map((s) =>
      [
        `Name: ${s.name}`,
        `Type: ${s.type}`,
        `Header: family inet hashsize 1024 maxelem ${MAXELEM}`,
        `References: ${s.references}`,
        `Number of entries: ${s.members.length}`,
        'Members:',
        ...s.members.map((m) => m.entry),
      ].join('\n'),
    )
    .join('\n\n');
}

/** `ipset save` form: `create` lines, then `add` lines; `ipset restore` loads it. */
export function formatIpsetSave(sets: readonly IpSet[]): string {
  const lines: string[] = [];
  for (const s of sets) {
    lines.push(`create ${s.name} ${s.type} family inet hashsize 1024 maxelem ${MAXELEM}`);
    for (const m of s.members) lines.push(`add ${s.name} ${m.entry}`);
  }
  return lines.join('\n');
}

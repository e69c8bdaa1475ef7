/**
 * Netfilter conntrack as far as packet paths need it: the first packet of a
 * connection creates an entry (original tuple as received, reply tuple =
 * the reverse of the tuple after NAT); later packets in either direction find
 * it, skip the nat chains, and get the same (or reversed) rewrites.
 * @see DATAPATH-FACTS §2.4 [K4] (kube-proxy relies on conntrack for replies)
 */
import type { CtEntry, CtTuple } from '../model/hop';
import { reverseTuple, sameTuple as same, tupleOf } from '../model/flowTuple';

export { reverseTuple, tupleOf };

/**
 * Finds the entry a packet belongs to and in which direction it travels.
 * A packet that already carries its translation (it looped back through `lo`
 * after POSTROUTING, where the kernel keeps the skb's conntrack) matches the
 * translated side of its direction; rewriting it toward the target is then a no-op.
 */
export function ctLookup(table: readonly CtEntry[], t: CtTuple): CtHit | undefined {
  for (const entry of table) {
    if (same(entry.orig, t)) return { entry, dir: 'original' };
    if (same(entry.reply, t)) return { entry, dir: 'reply' };
  }
  for (const entry of table) {
    if (same(reverseTuple(entry.reply), t)) return { entry, dir: 'original' };
    if (same(reverseTuple(entry.orig), t)) return { entry, dir: 'reply' };
  }
  return undefined;
}

function side(t: CtTuple): string {
  const ports = t.proto === 'icmp' ? `type=8 code=0 id=${t.sport ?? 0}` : `sport=${t.sport ?? 0} dport=${t.dport ?? 0}`;
  return t.proto === 'icmp' ? `src=${t.src} dst=${t.dst} ${ports}` : `src=${t.src} dst=${t.dst} ${ports}`;
}

/** `conntrack -L` style line. */
export function formatCtEntry(orig: CtTuple, reply: CtTuple, mark: number, assured: boolean): string {
  const num = orig.proto === 'tcp' ? '6' : orig.proto === 'udp' ? '17' : '1';
  const state = orig.proto === 'tcp' ? (assured ? ' ESTABLISHED' : ' SYN_SENT') : '';
  const replySide = orig.proto === 'icmp' ? `src=${reply.src} dst=${reply.dst} type=0 code=0 id=${reply.sport ?? 0}` : side(reply);
  return `${orig.proto} ${num}${state} ${side(orig)} ${replySide}${assured ? ' [ASSURED]' : ''} mark=${mark}`;
}

/** Creates the entry when the first packet leaves POSTROUTING (nf_conntrack_confirm). */
export function ctConfirm(table: CtEntry[], orig: CtTuple, final: CtTuple, mark: number): CtEntry {
  const reply = reverseTuple(final);
  const entry: CtEntry = { orig, reply, mark, seenReply: false, text: formatCtEntry(orig, reply, mark, false) };
  table.push(entry);
  return entry;
}

export type CtHit = { entry: CtEntry; dir: 'original' | 'reply' };

/**
 * The state `ct state` / `-m conntrack --ctstate` sees for a packet of a known
 * connection: ESTABLISHED in the reply direction and, once a reply was seen, in
 * the original one; NEW before that — e.g. a packet that looped back through
 * `lo` still carries the NEW conntrack its OUTPUT gave it, so kube-proxy's
 * `--ctstate NEW` INPUT jumps apply to it.
 * @see Linux net/netfilter/nf_conntrack_core.c resolve_normal_ct (IP_CT_NEW while !IPS_SEEN_REPLY) and nf_conntrack_in ("Previously seen (loopback or untracked)? Ignore.")
 */
export function ctEstablished(hit: CtHit): boolean {
  return hit.dir === 'reply' || hit.entry.seenReply;
}

/** A reply seen: the connection is ESTABLISHED / [ASSURED] in `conntrack -L` from now on. */
export function ctSeeReply(hit: CtHit): void {
  if (hit.dir !== 'reply' || hit.entry.seenReply) return;
  hit.entry.seenReply = true;
  hit.entry.text = formatCtEntry(hit.entry.orig, hit.entry.reply, hit.entry.mark, true);
}

/**
 * The addresses a packet of an existing connection gets: in the original
 * direction the reply tuple reversed (DNAT/SNAT as the first packet got
 * them), in the reply direction the original tuple reversed (un-NAT).
 */
export function ctTarget(hit: CtHit): CtTuple {
  return hit.dir === 'original' ? reverseTuple(hit.entry.reply) : reverseTuple(hit.entry.orig);
}

/**
 * The VFP unified flow table of one node: the first packet of a flow walks
 * the layers and its composed header transposition is cached; later packets
 * apply it in one step, replies apply its reverse.
 * @see DATAPATH-FACTS §5 [M9][M10]; the seed: «Преобразование запоминается в
 *   кэше потоков, и следующие пакеты соединения слои уже не проходят — к ним
 *   сразу применяется готовое преобразование, а к ответам — обратное».
 */
import type { CtTuple, HopContext, UftEntry, UftRoute } from '../model/hop';
import { formatTuple, reverseTuple, sameTuple } from '../model/flowTuple';

export function uftTable(ctx: HopContext, node: string): UftEntry[] {
  let t = ctx.uft.get(node);
  if (!t) ctx.uft.set(node, (t = []));
  return t;
}

export type UftHit = { entry: UftEntry; dir: 'forward' | 'reverse' };

/** A packet of a known flow: the first packet's direction entering the same port, or a reply. */
export function uftLookup(table: readonly UftEntry[], t: CtTuple, port?: string): UftHit | undefined {
  for (const entry of table) {
    if (sameTuple(entry.key, t) && (port === undefined || entry.port === port)) return { entry, dir: 'forward' };
    if (sameTuple(reverseTuple(entry.result), t)) return { entry, dir: 'reverse' };
  }
  return undefined;
}

/** The composed transposition as the seed words it: `10.97.141.163:80 → 172.21.211.8:8080, encapsulate VXLAN to 192.168.10.24`. */
export function describeTransposition(key: CtTuple, result: CtTuple, route?: UftRoute): string {
  const encap = route?.kind === 'encap' ? route : undefined;
  const parts: string[] = [];
  const ep = (ip: string, port?: number) => (key.proto === 'icmp' || port === undefined ? ip : `${ip}:${port}`);
  if (key.dst !== result.dst || key.dport !== result.dport) parts.push(`${ep(key.dst, key.dport)} → ${ep(result.dst, result.dport)}`);
  if (key.src !== result.src || key.sport !== result.sport) parts.push(`source ${ep(key.src, key.sport)} → ${ep(result.src, result.sport)}`);
  if (encap) parts.push(`encapsulate VXLAN (VNI ${encap.vni}) to ${encap.pa}`);
  if (route?.kind === 'mac-rewrite') parts.push(`rewrite source MAC to ${route.srcMac}`);
  return parts.length ? parts.join(', ') : 'no rewrite';
}

/** `flow 172.21.41.6:49152 → 10.97.141.163:80/tcp ⇒ …` for the state table. */
export function formatUftEntry(e: UftEntry): string {
  return `${formatTuple(e.key)} ⇒ ${e.text}`;
}

/**
 * Ids of the rules a node's state views print, one scheme for the code that
 * produces a rule (it puts the id on the step's `rule.id` as it records it)
 * and the view that prints it (it puts the same id on that line,
 * `NodeStateView.lineIds`), so "used lines" is a lookup of ids, not a text
 * match. An id is unique within one node's views; the same id on lines of
 * two views means the same object printed twice (an HNS policy as JSON and
 * in a list). Ids name the object by its key in the real tool, never by its
 * printed text: `<kind>:<key>`.
 */

/** A route of a node (`table` main, or a pod's netns as `pod/<ns/name>`): the kernel keys it by type, prefix and metric. */
export function routeId(table: string, type: string, dst: string, metric?: number): string {
  return `route:${table}/${type} ${dst}${metric !== undefined ? ` metric ${metric}` : ''}`;
}

/** The route table of a pod's netns as `routeId` names it. */
export function podRouteTable(pod: string): string {
  return `pod/${pod}`;
}

/** A neighbour (`ip neigh`): device and address. */
export function neighId(dev: string, ip: string): string {
  return `neigh:${dev}/${ip}`;
}

/** An FDB entry (`bridge fdb`): device and MAC. */
export function fdbId(dev: string, mac: string): string {
  return `fdb:${dev}/${mac}`;
}

/** A link's header line (`ip -d addr`), inside a pod's netns when `pod` is given. */
export function linkId(name: string, pod?: string): string {
  return pod ? `link:pod/${pod}/${name}` : `link:${name}`;
}

/** A sysctl key. */
export function sysctlId(key: string): string {
  return `sysctl:${key}`;
}

/** An nftables rule: `family name` of its table, its chain, its position in the chain (handles are not printed). */
export function nftRuleId(table: string, chain: string, index: number): string {
  return `nft:${table}/${chain}/${index}`;
}

/** An iptables rule: table (`nat`, `filter`, …), chain, its position in the chain (`iptables -L --line-numbers` counts from 1). */
export function iptablesRuleId(table: string, chain: string, index: number): string {
  return `iptables:${table}/${chain}/${index + 1}`;
}

/** An ipset (`ipset list`). */
export function ipsetId(name: string): string {
  return `ipset:${name}`;
}

/** An HNS object (`network`, `endpoint`, `namespace`, `policylist`) by its Id. */
export function hnsObjectId(kind: string, id: string): string {
  return `hns:${kind}/${id}`;
}

/**
 * A VFP rule: port, layer, rule name (vfpctrl's `/port P /layer L /list-rule`).
 * The model has one rule group per layer and direction, so the group is the
 * rule's direction.
 */
export function vfpRuleId(port: string, layer: string, direction: string, rule: string): string {
  return `vfp:${port}/${layer}/${direction}/${rule}`;
}

/** A Windows host route (`Get-NetRoute`): prefix and interface. */
export function netRouteId(dst: string, ifAlias: string): string {
  return `netroute:${dst}/${ifAlias}`;
}

/** A winkernel load balancer (HNS LoadBalancer object) by its id. */
export function loadBalancerId(id: string): string {
  return `lb:${id}`;
}

/** The `rule.id` of a rule that is several printed objects (a neighbour and its FDB entry): their ids, one per line; undefined when none has one. */
export function ruleIds(...ids: (string | undefined)[]): string | undefined {
  const some = ids.filter((id): id is string => id !== undefined);
  return some.length > 0 ? some.join('\n') : undefined;
}

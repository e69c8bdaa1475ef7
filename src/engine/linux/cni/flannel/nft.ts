/**
 * flanneld's own nftables table on a Linux node, `table ip flannel-ipv4`:
 * a forward chain that accepts the flannel Network both ways, and the
 * `postrtg` chain that masquerades pod traffic leaving the cluster network.
 *
 * Shape and rule order follow flannel-io/flannel
 * pkg/trafficmngr/nftables/nftables.go (SetupAndEnsureForwardRules,
 * SetupAndEnsureMasqRules, addMasqRules): table comment `rules for
 * flannel-ipv4`; chain `forward` (filter, forward hook, priority filter):
 * `ip saddr <Network> accept`, `ip daddr <Network> accept`; chain `postrtg`
 * (nat, postrouting, priority srcnat): `meta mark 0x4000 return` (leave
 * kube-proxy-marked packets alone), `<lease> → <Network> return`,
 * `<Network> → <lease> return`, `!<lease> → <Network> return`,
 * `<Network> → !224.0.0.0/4 masquerade fully-random`,
 * `!<Network> → <Network> masquerade fully-random`.
 *
 * Assumptions:
 * - `fully-random`: flannel appends it when its feature check passes (true on
 *   the kernels this project targets).
 * - Without `EnableNFTables: true` in net-conf.json flannel writes these rules
 *   with iptables (chains FLANNEL-POSTRTG / FLANNEL-FWD, pkg/trafficmngr/iptables);
 *   we show the nftables form either way and mark the table as an assumption then.
 */
import type { Cidr } from '../../../model/ipv4';
import type { NftChain, NftMatch, NftRule, NftTable } from '../../nft/ruleset';
import { NFT_PRIORITY, rule, verdict, verdictStmt } from '../../nft/ruleset';

const SRC = 'flannel-io/flannel pkg/trafficmngr/nftables/nftables.go';

export interface FlannelNftInput {
  /** net-conf.json `Network`. */
  network: Cidr;
  /** This node's lease. */
  lease: Cidr;
  /** Whether net-conf.json sets EnableNFTables (else flannel uses iptables). */
  enableNFTables: boolean;
}

const addr = (field: 'saddr' | 'daddr', c: Cidr, op: '==' | '!=' = '=='): NftMatch => ({ kind: 'ip', field, op, operand: { kind: 'prefix', value: c.text } });

/** Compiles `table ip flannel-ipv4` for one node. Never throws. */
export function compileFlannelNft(input: FlannelNftInput): NftTable {
  const { network, lease } = input;
  const multicast: Cidr = { base: 0xe0000000, len: 4, text: '224.0.0.0/4' };
  const assumption = !input.enableNFTables;
  const source = assumption ? `assumption: EnableNFTables is off, so flannel writes these rules with iptables (pkg/trafficmngr/iptables); shown in nft form after ${SRC}` : SRC;
  const r = (what: string, match: NftMatch[], stmt: NftRule['stmt']): NftRule => rule(`${source} ${what}`, match, stmt, assumption ? { assumption: true } : {});
  const ret = [verdictStmt(verdict.return)];
  const masq = [{ kind: 'masquerade' as const, fullyRandom: true }];
  const forward: NftChain = {
    name: 'forward',
    comment: 'chain to accept flannel traffic',
    base: { type: 'filter', hook: 'forward', priority: NFT_PRIORITY.filter, policy: 'accept' },
    rules: [r('SetupAndEnsureForwardRules', [addr('saddr', network)], [verdictStmt(verdict.accept)]), r('SetupAndEnsureForwardRules', [addr('daddr', network)], [verdictStmt(verdict.accept)])],
    source: `${source} SetupAndEnsureForwardRules`,
    ...(assumption ? { assumption: true } : {}),
  };
  const postrtg: NftChain = {
    name: 'postrtg',
    comment: 'chain to manage traffic masquerading by flannel',
    base: { type: 'nat', hook: 'postrouting', priority: NFT_PRIORITY.srcnat, policy: 'accept' },
    rules: [
      r('addMasqRules (kube-proxy mark: no double NAT)', [{ kind: 'mark', mask: 0xffffffff, op: '==', value: 0x4000 }], ret),
      r('addMasqRules (within the overlay)', [addr('saddr', lease), addr('daddr', network)], ret),
      r('addMasqRules (within the overlay)', [addr('saddr', network), addr('daddr', lease)], ret),
      r('addMasqRules (external traffic arriving from the node that owns the pod IP)', [addr('saddr', lease, '!='), addr('daddr', network)], ret),
      r('addMasqRules (pods leaving the cluster network; not multicast)', [addr('saddr', network), addr('daddr', multicast, '!=')], masq),
      r('addMasqRules (host toward the cluster network)', [addr('saddr', network, '!='), addr('daddr', network)], masq),
    ],
    source: `${source} SetupAndEnsureMasqRules`,
    ...(assumption ? { assumption: true } : {}),
  };
  return { family: 'ip', name: 'flannel-ipv4', comment: 'rules for flannel-ipv4', sets: [], chains: [forward, postrtg], source, ...(assumption ? { assumption: true } : {}) };
}

/**
 * Printable views of a Windows node: the HNS objects as
 * `Get-HnsNetwork | ConvertTo-Json -Depth 10` (and Endpoint, Namespace,
 * PolicyList) print them, the VFP ports' layers and rules as
 * `vfpctrl /port <port> /list-rule` lists them, and the host's routes.
 * Assumption: vfpctrl's exact column layout is not reproduced; the rule
 * names, priorities, conditions and actions are.
 */
import { windowsReserved } from '../ipam/blocks';
import { cidrSize } from '../model/ipv4';
import type { LbFailure, WindowsNodeState } from './state';
import { formatRule } from './vfpMatch';
import { psListText, realHnsObject } from '../views/hnsPrint';
import { lbDuplicates, lbFrontend } from './vfpCompile';
import { hnsObjectId, netRouteId, vfpRuleId } from '../model/ruleIds';
import { ViewLines, type ViewText } from '../model/viewLines';

/** A view; its lines carry the ids of the rules and objects they print (model/ruleIds.ts), which trace steps name in `rule.id`. */
export interface WindowsView extends ViewText {
  id: string;
  title: string;
}

const json = (o: unknown): string => JSON.stringify(o, null, 2);

/** `json(items)` (an array), each item's lines with its id. */
function jsonArrayView<T>(items: readonly T[], id: (item: T, i: number) => string | undefined): ViewText {
  if (items.length === 0) return { text: json(items) };
  const out = new ViewLines().add('[');
  items.forEach((item, i) => out.add(`${json(item).replace(/^/gm, '  ')}${i < items.length - 1 ? ',' : ''}`, id(item, i)));
  return out.add(']').build();
}

function vfpListing(st: WindowsNodeState): ViewText {
  const out = new ViewLines();
  st.ports.forEach((port, i) => {
    if (i > 0) out.add('');
    out.add(`Port name: ${port.id}`).add(`  Friendly name: ${port.label}`).add(`  MAC: ${port.mac.toUpperCase().replace(/:/g, '-')}${port.ip ? `  IP: ${port.ip}` : ''}`);
    if (port.layers.length === 0) out.add('  (no layers)');
    for (const layer of port.layers) {
      out.add(`  Layer: ${layer.name}`);
      for (const r of layer.rules) out.add(`    ${formatRule(r)}`, vfpRuleId(port.id, layer.name, r.direction, r.id));
    }
  });
  return out.build();
}

function routeListing(st: WindowsNodeState): ViewText {
  const head = 'DestinationPrefix    NextHop          RouteMetric  ifAlias               Protocol';
  const rows = st.hostRoutes.map((r) => `${r.dst.text.padEnd(20)} ${r.nextHop.padEnd(16)} ${'256'.padEnd(12)} ${r.ifAlias.padEnd(21)} ${r.protocol}`);
  return { text: [head, ...rows].join('\n'), lineIds: [undefined, ...st.hostRoutes.map((r) => netRouteId(r.dst.text, r.ifAlias))] };
}

const FAILURE_TEXT: Record<LbFailure['reason'], (f: LbFailure) => string> = {
  'backend-cap': (f) => `${f.backends} backends > ${f.cap}`,
  'no-endpoints': () => 'no usable endpoint',
  'kube-proxy-down': () => 'kube-proxy does not run',
};

function lbSummary(st: WindowsNodeState): string {
  const cap = `Backend cap per load balancer: ${st.lbCap.cap} (${st.lbCap.source}); the other sources say ${st.lbCap.otherCap} (${st.lbCap.otherSource})`;
  const kp = st.kubeProxy;
  const gates = Object.entries(kp.featureGates).map(([k, v]) => `${k}=${String(v)}`).join(',');
  const settings = [
    `kube-proxy settings${kp.from ? ` (${kp.from})` : ''}: network ${kp.networkName}, enableDSR ${String(kp.enableDSR)}${gates ? `, feature gates ${gates}` : ''}${kp.forwardHealthCheckVip ? ', forwardHealthCheckVip true' : ''}`,
    ...(kp.down ? [`kube-proxy DOES NOT START: ${kp.down.reason} (${kp.down.source})`] : []),
    ...kp.notes.map((n) => `note: ${n}`),
  ];
  const vip = `Source VIP: ${st.sourceVip ? `${st.sourceVip} (${kp.sourceVipSource})` : '(none: kube-proxy passes an empty SourceVIP on this network type; assumption: the node IP is used)'}`;
  const health = [`Health servers (kube-proxy, every node address): ${st.healthPorts.map((h) => `${h.port} (${h.what})`).join(', ')}`, ...(st.healthCheckNote ? [`note: ${st.healthCheckNote}`] : [])];
  const failed = st.lbFailures.map((f) => `NOT CREATED ${f.kind} ${f.service.namespace}/${f.service.name} ${f.vip}:${f.port}/${f.proto}: ${FAILURE_TEXT[f.reason](f)}`);
  const lbs = st.loadBalancers.map((lb) => `${lb.kind.padEnd(12)} ${`${lb.vip}:${lb.externalPort}/${lb.proto}`.padEnd(26)} → ${lb.backends.map((b) => `${b.ip}:${lb.internalPort}${b.remote ? ' (remote)' : ''}`).join(', ')}${lb.dsr ? '  DSR' : `  SourceVIP ${lb.sourceVip || '""'}`}${lb.affinity ? '  SourceIP affinity' : ''}${(lb.notes ?? []).map((n) => `\n    note: ${n}`).join('')}`);
  const dups = [...lbDuplicates(st.loadBalancers)].filter(([, d]) => d.rank === 0).map(([id, d]) => `DUPLICATE frontend ${lbFrontend(st.loadBalancers.find((lb) => lb.id === id)!)}: ${id} is used, ${d.others.join(', ')} shadowed (assumption: the first programmed wins)`);
  return [...settings, cap, vip, ...health, '', ...lbs, ...(dups.length ? ['', ...dups] : []), ...(failed.length ? ['', ...failed] : [])].join('\n');
}

/**
 * The node's block as Calico IPAM sees it: the four addresses Windows
 * reserves (`windows host rsvd`, DATAPATH-FACTS §8.2; the seed: «.0, .1, .2 и
 * .63») and who holds the rest.
 */
function ipamListing(st: WindowsNodeState): string {
  const reserved = windowsReserved(st.block);
  const usable = cidrSize(st.block) - reserved.length;
  const roles = [`${reserved[0]} network`, `${reserved[1]} gateway of ${st.network.Name} (VTEP)`, `${reserved[2]} ${st.hostEndpoint.Name}`, `${reserved[3]} broadcast`];
  const pods = st.pods.map((p) => `  ${p.ip.padEnd(16)} ${p.pod}${reserved.includes(p.ip) ? '   ← a reserved address!' : ''}`);
  return [`Block ${st.block.text} (one block per Windows node)`, `Reserved (windows host rsvd): ${roles.join(', ')}`, `Usable for pods: ${usable}`, '', 'Pods:', ...pods].join('\n');
}

/** The HNS objects as HNS on this node's build returns them (views/hnsPrint.ts): real keys only, real order. */
function realHns(st: WindowsNodeState) {
  const b = st.lbCap.build;
  return {
    network: realHnsObject(st.network, 'network', b),
    endpoints: st.endpoints.map((e) => realHnsObject(e, 'endpoint', b)),
    policyLists: st.policyLists.map((p) => realHnsObject(p, 'policylist', b)),
  };
}

export function windowsStateViews(st: WindowsNodeState): WindowsView[] {
  const from = st.importedFrom ? ` (imported: ${st.importedFrom.join(', ')})` : '';
  const real = realHns(st);
  return [
    { id: 'hns-network', title: `Get-HnsNetwork | ConvertTo-Json -Depth 10${from}`, text: json(real.network) },
    { id: 'hns-network-list', title: `Get-HnsNetwork${from}`, text: psListText([real.network]) },
    { id: 'hns-endpoint', title: `Get-HnsEndpoint | ConvertTo-Json -Depth 10${from}`, ...jsonArrayView(real.endpoints, (_, i) => hnsObjectId('endpoint', st.endpoints[i]!.ID)) },
    { id: 'hns-endpoint-list', title: `Get-HnsEndpoint${from}`, text: psListText(real.endpoints) },
    { id: 'hns-namespace', title: 'Get-HnsNamespace | ConvertTo-Json -Depth 10', text: json(st.namespaces) },
    { id: 'hns-policylist', title: `Get-HnsPolicyList | ConvertTo-Json -Depth 10${from}`, text: json(real.policyLists) },
    { id: 'hns-policylist-list', title: `Get-HnsPolicyList${from}`, text: psListText(real.policyLists) },
    { id: 'vfp', title: 'vfpctrl /list-vmswitch-port; vfpctrl /port <port> /list-rule', ...vfpListing(st) },
    { id: 'routes', title: 'Get-NetRoute -AddressFamily IPv4', ...routeListing(st) },
    { id: 'lb', title: 'kube-proxy (winkernel) load balancers', text: lbSummary(st) },
    { id: 'ipam', title: 'IPAM block of this node (cf. calicoctl ipam show --show-blocks)', text: ipamListing(st) },
  ];
}

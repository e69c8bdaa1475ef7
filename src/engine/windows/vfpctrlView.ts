/**
 * The VFP ports of a Windows node as `vfpctrl /list-vmswitch-port` and
 * `vfpctrl /port <GUID> /list-rule` print them: ports by their GUID (the
 * HNS endpoint's EndpointPortGuid, ids.ts) with "Port Friendly name"; per
 * port an ITEM LIST of LAYER → GROUP → RULE blocks, each rule with
 * "Friendly name", "Priority", "Type" and "Conditions:" (`<none>` when it has
 * none), ending with "Command list-rule succeeded!".
 *
 * Sources (no real vfpctrl dump is among the samples): the key names and the
 * nesting are the ones Microsoft's SdnDiagnostics `Get-VfpPortRule` parses
 * from vfpctrl's text output; group names `LB_DSR_IPv4_OUT` / `_IN` and the
 * friendly names of the port kinds ("ExternalPort", "Container NIC …", the
 * endpoint GUID for a pod's port) from Microsoft engineers' vfpctrl notes
 * (princepereira/Commands, Commands-VFP.md).
 * Assumptions, said in the view's first line: the names of groups other than
 * LB_DSR's follow the same `<layer>_IPv4_<OUT|IN>` pattern; the column
 * spacing; Flags, Flow TTL and the rule counters are not printed.
 */
import type { WindowsNodeState } from './state';
import { formatAclMatch } from '../policy/windowsAclMatch';
import type { VfpAction, VfpLayer, VfpPort, VfpRule } from './vfp';
import { LAYER } from './vfp';
import { hnsId } from './ids';
import { vfpRuleId } from '../model/ruleIds';
import { ViewLines, type ViewText } from '../model/viewLines';

/** A printed line and the id of the rule it belongs to (trace steps name the same id). */
type Line = { text: string; id?: string };
const plain = (texts: string[]): Line[] => texts.map((text) => ({ text }));

const PROTO_NUMBER = { tcp: 6, udp: 17, icmp: 1 } as const;

/** Indents a block, leaving its blank lines empty. */
const indent = (lines: Line[], by: string): Line[] => lines.map((l) => (l.text ? { ...l, text: `${by}${l.text}` } : l));

/** A rule group: vfpctrl groups a layer's rules by direction (and family). */
export function vfpGroupName(layer: string, direction: VfpRule['direction']): string {
  const base = layer === LAYER.lbDsr ? 'LB_DSR' : layer.replace(/_LAYER$/, '');
  return `${base}_IPv4_${direction.toUpperCase()}`;
}


function ruleType(a: VfpAction): string {
  switch (a.type) {
    case 'lb': return 'lbnat';
    case 'snat': return 'nat';
    case 'nat-exempt': return 'allow';
    case 'encap': return 'encap';
    case 'decap': return 'decap';
    case 'mac-rewrite': return 'transpose';
    case 'switch-local':
    case 'route-host': return 'route';
    default: return a.type;
  }
}

function conditions(r: VfpRule): string[] {
  const m = r.match;
  const out = [
    m.proto ? `Protocols : ${PROTO_NUMBER[m.proto]}` : undefined,
    m.src ? `Source IP : ${m.src.map((c) => c.text).join(', ')}` : undefined,
    m.dst ? `Destination IP : ${m.dst.map((c) => c.text).join(', ')}` : undefined,
    m.dport !== undefined ? `Destination ports : ${m.dport}` : undefined,
    r.acl && formatAclMatch(r.acl.match) !== 'any' ? `ACL : ${formatAclMatch(r.acl.match)}` : undefined,
  ].filter((x): x is string => x !== undefined);
  return out.length ? out : ['<none>'];
}

function actionLines(a: VfpAction): string[] {
  switch (a.type) {
    case 'lb':
      return [
        `Modify:`,
        ...a.backends.map((b) => `   DIP : ${b.ip}:${b.port}${b.remote ? ' (remote endpoint)' : ''}`),
        ...(a.snatTo ? [`   Source VIP : ${a.snatTo}`] : []),
        `Flags : ${[a.dsr ? 'DSR' : undefined, a.affinity ? 'SourceIP affinity' : undefined, a.preserveDip ? 'preserve DIP' : undefined].filter(Boolean).join(', ') || '<none>'}`,
      ];
    case 'snat': return ['Modify:', `   Source IP : ${a.ip} (dynamic NAT)`];
    case 'encap': return ['Encap Destination(s):', `   {DestinationIP=${a.pa}, VSID=${a.vni}, DestinationMac=${a.drMac.toUpperCase().replace(/:/g, '-')}}`];
    case 'decap': return [`VSID : ${a.vni}`];
    case 'mac-rewrite': return ['Modify:', `   Source MAC : ${a.srcMac.toUpperCase().replace(/:/g, '-')}`];
    case 'switch-local': return ['Route : local endpoint on the switch'];
    case 'route-host': return ['Route : through the host vNIC'];
    default: return [];
  }
}

function ruleBlock(r: VfpRule): string[] {
  return [
    `RULE : ${r.id}`,
    `   Friendly name : ${r.id}`,
    `   Priority : ${r.priority}`,
    `   Type : ${ruleType(r.action)}`,
    '   Conditions:',
    ...conditions(r).map((c) => `      ${c}`),
    ...actionLines(r.action).map((l) => `   ${l}`),
  ];
}

function layerBlock(port: VfpPort, layer: VfpLayer): Line[] {
  const out = plain([`LAYER : ${layer.name}`, `   Friendly name : ${layer.name}`]);
  for (const dir of ['out', 'in'] as const) {
    const rules = layer.rules.filter((r) => r.direction === dir);
    if (!rules.length) continue;
    const group = vfpGroupName(layer.name, dir);
    out.push(...plain(['', `   GROUP : ${group}`, `      Friendly name : ${group}`, `      Direction : ${dir.toUpperCase()}`, '      Type : IPv4']));
    for (const r of [...rules].sort((a, b) => a.priority - b.priority)) {
      const id = vfpRuleId(port.id, layer.name, r.direction, r.id);
      out.push({ text: '' }, ...indent(ruleBlock(r).map((text) => ({ text, id })), '      '));
    }
  }
  return out;
}

/** "Port Friendly name" as vfpctrl prints it for each kind of port. */
function friendlyName(port: VfpPort): string {
  if (port.kind === 'external') return 'ExternalPort';
  if (port.kind === 'host') return `Container NIC ${hnsId(`container-nic/${port.id}`).slice(0, 8).toLowerCase()}`;
  return port.endpointId ?? port.id;
}

function portListing(port: VfpPort): Line[] {
  const mac = port.mac.toUpperCase().replace(/:/g, '-');
  return [
    ...plain([
    `# ${port.label}${port.ip ? ` ${port.ip}` : ''}, MAC ${mac}${port.endpointId ? `, HNS endpoint ${port.endpointId}` : ''}`,
    `PS> vfpctrl /port ${port.id} /list-rule`,
    'ITEM LIST',
    '===========',
    ]),
    ...(port.layers.length ? port.layers.flatMap((l) => [{ text: '' }, ...indent(layerBlock(port, l), '   ')]) : plain(['', '   <no layers>'])),
    { text: 'Command list-rule succeeded!' },
  ];
}

/** The whole node: the switch ports, then each port's rules; rule lines carry their rule's id. */
export function vfpctrlListing(st: WindowsNodeState): ViewText {
  const head = [
    '# Port names are the HNS endpoints\' port GUIDs (EndpointPortGuid), derived from the scenario when the dump does not show them (assumption); friendly names in comments.',
    '# Group names other than LB_DSR_IPv4_OUT/IN follow the same pattern (assumption); Flags, Flow TTL and counters are not printed.',
    'PS> vfpctrl /list-vmswitch-port',
  ];
  const ports = st.ports.flatMap((p) => [`Port name             : ${p.id}`, `Port Friendly name    : ${friendlyName(p)}`, `# ${p.label}`, '']);
  const out = new ViewLines();
  for (const text of [...head, ...ports]) out.add(text);
  st.ports.forEach((p, i) => {
    if (i > 0) out.add('');
    for (const l of portListing(p)) out.add(l.text, l.id);
  });
  return out.build();
}

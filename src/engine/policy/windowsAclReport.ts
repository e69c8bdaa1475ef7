/**
 * What the policies become on Windows nodes, rule by rule: how many HNS ACL
 * entries each rule expands into (policysets.go protoRuleToHnsRules: one
 * per combination of 4000-address / 4000-port chunks of both sides), the
 * rules Felix for Windows skips, and the rules with both a source and a
 * destination selector. Calico's Windows documentation advises against the
 * latter (they multiply ACL entries on every endpoint): split such a rule
 * into an ingress rule on the destination pods and an egress rule on the
 * source pods. Also the state view of an endpoint's ACLs as
 * `(Get-HnsEndpoint -Id …).Policies` prints them.
 *
 * Host endpoints (policy for the node itself) are not supported on Windows
 * (the seed's list of Calico-for-Windows limits; Calico docs, Windows
 * limitations): traffic from and to a Windows node's own address meets no
 * policy there.
 * @see C23 felix/dataplane/windows/policysets/policysets.go; docs.tigera.io/calico/latest/getting-started/kubernetes/windows-calico/limitations
 */
import type { ClusterView } from '../model/clusterView';
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import type { HnsAclPolicy } from '../windows/hns';
import type { WindowsNodeState } from '../windows/state';
import { appliesTo, viewEndpoints, type PolicyEndpoint } from './endpoints';
import type { Policy, PolicyRule } from './model';
import { formatSelector } from './selectors';
import { ruleToAcls, type AclSkip } from './windowsAcl';

export interface AclRuleReport {
  policy: ObjectRef;
  direction: 'ingress' | 'egress';
  field: string;
  entries: number;
  skipped?: AclSkip;
  /** Set for a rule with both a source and a destination selector: how to split it. */
  split?: string;
  /** Windows pods the policy applies to. */
  windowsPods: string[];
}

const both = (r: PolicyRule): boolean => r.source.selector !== undefined && r.destination.selector !== undefined;

function splitAdvice(r: PolicyRule, dir: 'ingress' | 'egress', p: Policy): string {
  const src = formatSelector(r.source.selector!);
  const dst = formatSelector(r.destination.selector!);
  return dir === 'ingress'
    ? `move the destination selector into a policy selecting (${formatSelector(p.selector)}) && (${dst}) with an ingress rule from ${src} only`
    : `move the source selector into a policy selecting (${formatSelector(p.selector)}) && (${src}) with an egress rule to ${dst} only`;
}

/** Every rule of every policy, with its ACL entry count (the same on each endpoint the policy applies to). */
export function aclRuleReports(policies: readonly Policy[], all: readonly PolicyEndpoint[], windowsNodes: ReadonlySet<string>): AclRuleReport[] {
  return policies.flatMap((p) => {
    const windowsPods = all.filter((ep) => windowsNodes.has(ep.node) && appliesTo(p, ep)).map((ep) => ep.pod);
    return (['ingress', 'egress'] as const).flatMap((dir) =>
      (p[dir] ?? []).map((r): AclRuleReport => {
        const acls = ruleToAcls(r, p, dir, all);
        return { policy: p.ref, direction: dir, field: r.field, entries: acls.entries.length, ...(acls.skipped ? { skipped: acls.skipped } : {}), ...(both(r) ? { split: splitAdvice(r, dir, p) } : {}), windowsPods };
      }),
    );
  });
}

const SKIP_TEXT: Record<AclSkip, string> = {
  'negated-match': 'skipped on Windows: negated match (ipBlock except / notNets) is not supported',
  'named-port': 'skipped on Windows: named ports are not supported',
  log: 'skipped on Windows: action Log is not supported',
  'empty-selector': 'no entry: the selector selects no pod (empty IP set)',
  'no-overlap': 'no entry: the nets and the selected pods do not overlap',
};

const refText = (r: ObjectRef): string => `${r.kind} ${r.namespace !== undefined ? `${r.namespace}/` : ''}${r.name}`;

/** Warnings for rules that apply to Windows pods and lose or multiply entries there (diagnostic code `windows-policy`). */
export function windowsAclDiagnostics(view: ClusterView): Diagnostic[] {
  const windowsNodes = new Set(view.scenario.nodes.filter((n) => n.os === 'windows').map((n) => n.name));
  if (windowsNodes.size === 0 || view.scenario.networkPolicies.length === 0) return [];
  return aclRuleReports(view.scenario.networkPolicies, viewEndpoints(view), windowsNodes).flatMap((r): Diagnostic[] => {
    if (r.windowsPods.length === 0) return [];
    const msg = r.split ? `has both a source and a destination selector (${r.entries} HNS ACL entr${r.entries === 1 ? 'y' : 'ies'} on each Windows pod it applies to); Calico advises splitting it: ${r.split}` : r.skipped === 'negated-match' || r.skipped === 'named-port' || r.skipped === 'log' ? SKIP_TEXT[r.skipped] : undefined;
    return msg ? [{ severity: 'warning', code: 'windows-policy', object: r.policy, field: r.field, message: msg }] : [];
  });
}

/** An ACL entry as PowerShell's list layout prints a policy (keys in alphabetical order, as every sample prints nested objects). */
function psAcl(a: HnsAclPolicy): string {
  const keys = Object.keys(a).sort() as (keyof HnsAclPolicy)[];
  const w = Math.max(...keys.map((k) => k.length));
  return keys.map((k) => `${k.padEnd(w)} : ${String(a[k] ?? '')}`).join('\n');
}

/** The `hns-acl` view: each pod endpoint's ACL entries, then the entry count of every policy rule. */
export function windowsAclView(st: WindowsNodeState, view: ClusterView): { id: string; title: string; text: string } {
  const out: string[] = [];
  for (const pod of st.pods) {
    const ep = st.endpoints.find((e) => e.ID === pod.endpointId);
    const acls = (ep?.Policies ?? []).filter((p): p is HnsAclPolicy => p.Type === 'ACL');
    out.push(`# ${pod.pod} (${pod.ip}): (Get-HnsEndpoint -Id ${pod.endpointId}).Policies | Where-Object Type -eq ACL`, '');
    for (const a of acls) out.push(psAcl(a), '');
  }
  const reports = aclRuleReports(view.scenario.networkPolicies, viewEndpoints(view), new Set([st.name]));
  out.push('# HNS ACL entries per policy rule (Felix for Windows, policysets.go protoRuleToHnsRules)');
  if (reports.length === 0) out.push('(no NetworkPolicy)');
  for (const r of reports) {
    const note = r.skipped ? SKIP_TEXT[r.skipped] : `${r.entries} entr${r.entries === 1 ? 'y' : 'ies'}`;
    const here = r.windowsPods.length ? `on ${r.windowsPods.join(', ')}` : 'selects no pod of this node';
    out.push(`${refText(r.policy)} ${r.field}: ${note} (${here})${r.split ? `\n  WARNING: source and destination selectors in one rule; split it: ${r.split}` : ''}`);
  }
  out.push('', '# Host endpoints (policy for the node itself) are not supported on Windows: traffic from and to this node\'s own address meets no policy here.');
  return { id: 'hns-acl', title: '(Get-HnsEndpoint).Policies | Where-Object Type -eq ACL; ACL entries per policy rule', text: out.join('\n').trimEnd() };
}

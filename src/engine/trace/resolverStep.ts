/**
 * The resolver's step at the head of a `dns:` trace: the search list, each
 * name tried, the CNAMEs followed and the answer; or the stop when nothing
 * answers (NXDOMAIN, or a dotted name on Windows). The client's choice among
 * a headless Service's addresses is a branch like a backend choice.
 */
import type { ExplainKey } from '../model/stepVocabulary';
import { StepRecorder } from '../model/steps';
import type { Branch, Reason, Step } from '../model/trace';
import { podPartId } from '../model/partIds';
import type { ResolvedFlow } from './request';
import type { Resolution } from './resolver';

const SPEC = 'kubernetes/dns docs/specification.md §2.3.1, §2.4.1, §2.5, §2.6';

/** The resolver runs in the source pod: its netns (Linux) or compartment (Windows). */
function resolverPart(r: ResolvedFlow): string | undefined {
  const p = r.start.place;
  if (p.kind === 'linux-pod') return podPartId(p.node, 'pod', p.pod);
  return p.kind === 'windows-pod' ? podPartId(p.node, 'compartment', p.pod) : undefined;
}

function explainOf(res: Resolution): ExplainKey {
  const a = res.answer;
  const windows = res.os === 'windows';
  if (!a) return windows ? 'trace.nxdomainWindows' : 'trace.nxdomain';
  if (res.cnames?.length) return 'trace.resolvedCname';
  if (a.kind === 'headless') return 'trace.resolvedHeadless';
  if (a.kind === 'pod') return 'trace.resolvedPod';
  if (a.kind === 'host') return 'trace.resolvedHost';
  return windows ? 'trace.resolvedWindows' : 'trace.resolved';
}

export function resolverSteps(r: ResolvedFlow): Step[] {
  const res = r.resolution;
  if (!res) return [];
  const rec = new StepRecorder(r.flow.src.node, () => resolverPart(r));
  const ns = r.flow.src.name?.split('/')[0] ?? 'default';
  const windows = res.os === 'windows';
  const a = res.answer;
  const config = windows
    ? `DNS suffix search list: ${ns}.svc.cluster.local, svc.cluster.local, cluster.local (appended to single-label names only)`
    : `search ${ns}.svc.cluster.local svc.cluster.local cluster.local\noptions ndots:5`;
  const lines = [
    config,
    ...res.tried.map((t) => `${t.name} ${t.found ? '→ found' : '→ NXDOMAIN'}`),
    ...(res.cnames ?? []).map((c) => `${c.from}. IN CNAME ${c.to}.`),
    ...(a?.kind === 'headless' ? a.choices.map((ip) => `IN A ${ip}`) : a ? [`IN A ${a.ip}`] : []),
  ];
  const base = windows ? 'K6 windows-networking (PQDN only without a dot); the seed' : 'kubelet resolv.conf for pods (ClusterFirst); the seed, part 16';
  const name = r.flow.dst.spec.slice(4);
  rec.add({
    at: { component: 'resolver', layer: r.flow.src.name },
    action: a ? 'resolve' : 'nxdomain',
    before: { headers: [] },
    rule: {
      text: lines.join('\n'),
      source: a?.kind === 'host' ? `${base}; ${SPEC}; assumption: the upstream resolver answers names outside the cluster with a Fabric host (trace/dnsRecords.ts)` : `${base}; ${SPEC}`,
      ...(a?.kind === 'host' ? { assumption: true } : {}),
    },
    explain: explainOf(res),
    params: {
      name,
      ip: r.flow.dst.ip,
      ...(res.cnames?.length ? { target: res.cnames.at(-1)!.to } : {}),
      ...(a?.kind === 'headless' ? { choices: a.choices.join(', '), count: a.choices.length } : {}),
      ...(a?.kind === 'host' ? { host: a.host } : {}),
    },
  });
  return rec.steps;
}

/** The client's pick among a headless Service's addresses, as a branch. */
export function resolverBranch(res: Resolution | undefined): Branch | undefined {
  const a = res?.answer;
  return a?.kind === 'headless' ? { at: `DNS A records of ${a.service.name}.${a.service.namespace}.svc`, choices: a.choices, taken: a.taken } : undefined;
}

/** Why a name did not resolve: a dotted name on Windows, else NXDOMAIN. */
export function nameErrorReason(res: Resolution, name: string): Reason {
  const windowsDotted = res.os === 'windows' && name.includes('.') && !name.endsWith('.');
  return windowsDotted ? { code: 'dns-dotted-name-windows', params: { name, hint: name.split('.')[0]! } } : { code: 'dns-nxdomain', params: { name } };
}

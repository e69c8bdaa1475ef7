/**
 * The fuzz oracle (issue 20): runs one FuzzCase through everything a user
 * can reach — import, compile of every node, places, readiness, traces and
 * their text — and reports what broke: an exception (with the stage), a
 * slow input, or a trace that breaks an invariant. Never throws itself.
 */
import { importFiles } from '../importers/files';
import { isIPv4 } from '../model/ipv4';
import { checkReadiness } from '../readiness/check';
import { compileScenario, type CompiledCluster } from '../trace/cluster';
import { formatTraceText } from '../../traceViews/format';
import { listPlaces } from '../trace/places';
import type { FlowRequest } from '../trace/request';
import { traceFlow } from '../trace/traceFlow';
import type { FlowPick, FuzzCase } from './fuzzInputs';
import { traceViolations } from './fuzzInvariants';

export type FuzzStage = 'import' | 'compile' | 'places' | 'readiness' | 'trace' | 'format';

export interface FuzzOutcome {
  /** The first exception, with the stage that threw and the flow when tracing. */
  crash?: { stage: FuzzStage; message: string; stack?: string; request?: FlowRequest };
  violations: { request: FlowRequest; problems: string[] }[];
  /** Milliseconds the whole case took. */
  ms: number;
  loaded: boolean;
  traced: number;
}

/** Sources and destinations a user could name on what loaded, in a fixed order. */
function candidates(c: CompiledCluster): { srcs: string[]; dsts: string[]; nodes: string[] } {
  const s = c.scenario;
  const pods = s.pods.map((p) => `pod:${p.namespace}/${p.name}`);
  const nodes = s.nodes.map((n) => `node:${n.name}`);
  const hosts = c.fabric.hosts.map((h) => `host:${h.name}`);
  // A Windows node's host endpoint (the source VIP) is an address of the node too.
  const hostEndpoints = s.nodes.flatMap((n) => {
    const st = c.nodes.get(n.name);
    return st?.kind === 'windows' ? [st.hostEndpoint.IPAddress] : [];
  });
  const nodeIps = s.nodes.flatMap((n) => [n.internalIP, ...(n.vxlanTunnelAddr ? [n.vxlanTunnelAddr] : [])]).concat(hostEndpoints);
  const podIps = [...c.view.podIP.values()];
  const svcIps = s.services.flatMap((v) => [...(v.clusterIP ? [v.clusterIP] : []), ...v.externalIPs, ...v.loadBalancerIngress]);
  const extra = ['127.0.0.1', '8.8.8.8', ...c.fabric.segments.map((g) => g.subnet.gateway)];
  return {
    srcs: [...pods, ...nodes, ...hosts, ...nodeIps, ...podIps, '198.51.100.7', 'pod:nope/nope', 'bogus:x', '::1'],
    dsts: [...pods, ...nodes, ...hosts, ...s.services.map((v) => `svc:${v.namespace}/${v.name}`), ...s.services.map((v) => `dns:${v.name}.${v.namespace}`), ...nodeIps, ...podIps, ...svcIps, ...extra, 'dns:nowhere', '2001:db8::1'],
    nodes: s.nodes.map((n) => n.name),
  };
}

/** A FlowPick on this cluster → a request (bad numbers kept: the engine must refuse them, not trip on them). */
export function requestOf(c: CompiledCluster, p: FlowPick): FlowRequest {
  const { srcs, dsts, nodes } = candidates(c);
  const src = srcs[p.src % srcs.length]!;
  const req: FlowRequest = { src, dst: dsts[p.dst % dsts.length]!, packet: p.packet };
  if (p.proto !== undefined) req.proto = p.proto;
  if (p.sport !== undefined) req.sport = p.sport;
  if (p.dport !== undefined) req.dport = p.dport;
  if (p.size !== undefined) req.size = p.size;
  if (p.df !== undefined) req.df = p.df;
  // An address as source needs its entry node (--from-node); sometimes it is left out, which must be refused cleanly.
  if (p.fromNode !== undefined && nodes.length > 0 && isIPv4(src)) req.fromNode = nodes[p.fromNode % nodes.length]!;
  return req;
}

function describe(e: unknown): { message: string; stack?: string } {
  if (e instanceof Error) return { message: `${e.name}: ${e.message}`, stack: e.stack?.split('\n').slice(0, 6).join('\n') };
  return { message: String(e) };
}

/** Runs one case. `now` is the clock (the engine folder has no timers of its own). */
export function runFuzzCase(fc: FuzzCase, now: () => number): FuzzOutcome {
  const t0 = now();
  const out: FuzzOutcome = { violations: [], ms: 0, loaded: false, traced: 0 };
  const done = (): FuzzOutcome => ({ ...out, ms: now() - t0 });
  let stage: FuzzStage = 'import';
  let request: FlowRequest | undefined;
  try {
    const imported = importFiles(fc.files, fc.windowsNode ? { windowsNode: fc.windowsNode } : {});
    if (!imported.scenario) return done();
    out.loaded = true;
    stage = 'compile';
    const cluster = compileScenario(imported.scenario, { hns: imported.hns });
    for (const n of imported.scenario.nodes) cluster.nodes.get(n.name);
    stage = 'places';
    listPlaces(cluster);
    stage = 'readiness';
    checkReadiness(imported.scenario, cluster);
    for (const pick of fc.flows) {
      stage = 'trace';
      request = requestOf(cluster, pick);
      const r = traceFlow(cluster, request);
      if (!r.trace) continue;
      out.traced++;
      const problems = traceViolations(cluster, r.trace);
      if (problems.length) out.violations.push({ request, problems });
      stage = 'format';
      formatTraceText(r.trace);
    }
    request = undefined;
  } catch (e) {
    out.crash = { stage, ...describe(e), ...(request ? { request } : {}) };
  }
  return done();
}

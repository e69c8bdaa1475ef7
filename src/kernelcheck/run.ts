/**
 * `npm run test:kernel`: checks the Linux datapath model against the Linux
 * kernel of this machine (issue 5). For each scenario of matrix.ts it builds
 * the compiled nodes in network namespaces (topology.ts), sends real traffic
 * for each flow (probes.ts), captures it with tcpdump on every fabric link and
 * inside every node (capture.ts), and compares with the model's trace
 * (compare.ts). Prints a report; exit 1 on any mismatch, 0 when all agree or
 * when the check cannot run here (not root, no namespaces), said in one line.
 *
 * Cleanup: every namespace is named `pw<pid>-…`; they are deleted after each
 * scenario, on exit, on SIGINT/SIGTERM, and leftovers of runs whose process is
 * gone are deleted at start.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileScenario, traceFlow, type Trace } from '../engine/index';
import { readCapture, startCapture, stopCapture, type Capture } from './capture';
import { compareFlow, type Check, type KernelRun, type NodeFrame, type WireFrame } from './compare';
import { loadSpec, scenarios, type FlowSpec } from './matrix';
import { icmpPatternBytes, probe, startListener, type Seen } from './probes';
import { planTopology, type Topology } from './topology';
import { compareUnpinned } from './unpinned';
import { recordTiming } from './timingFile';
import { generatedBudgetMs, runGenerated } from './generated/run';

const PREFIX = `pw${process.pid}-`;
const PROBE_TIMEOUT_MS = 1000;
const children = new Set<ChildProcess>();
let workDir = '';

function sh(cmd: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function have(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

function skip(reason: string): never {
  console.log(`test:kernel skipped: ${reason}`);
  process.exit(0);
}

/** Root, the tools (installed from Debian packages when missing), and permission to create a namespace. */
function preflight(): void {
  if (process.platform !== 'linux') skip('needs Linux network namespaces');
  if (process.getuid?.() !== 0) skip('needs root (network namespaces, nft, tcpdump)');
  const need: [string, string][] = [
    ['ip', 'iproute2'],
    ['bridge', 'iproute2'],
    ['nft', 'nftables'],
    ['tcpdump', 'tcpdump'],
    ['ping', 'iputils-ping'],
    ['iptables-nft-restore', 'iptables'],
    ['nfacct', 'nfacct'],
    ['ipset', 'ipset'],
  ];
  const missing = [...new Set(need.filter(([t]) => !have(t)).map(([, p]) => p))];
  if (missing.length) {
    if (!have('apt-get')) skip(`missing ${missing.join(', ')} and no apt-get to install them`);
    console.log(`test:kernel: installing ${missing.join(' ')} (apt-get)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`test:kernel: apt-get install ${missing.join(' ')} failed`);
      process.exit(1);
    }
  }
  const probeNs = `${PREFIX}probe`;
  const r = sh('ip', ['netns', 'add', probeNs]);
  if (!r.ok) skip(`cannot create a network namespace here (${r.out.trim().split('\n')[0]})`);
  sh('ip', ['netns', 'del', probeNs]);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function ourNamespaces(): string[] {
  return sh('ip', ['netns', 'list'])
    .out.split('\n')
    .map((l) => l.split(' ')[0] ?? '')
    .filter((n) => /^pw\d+-/.test(n));
}

/** Kills what still runs inside a namespace of ours (by pid), then deletes it. */
function deleteNs(ns: string): void {
  for (const pid of sh('ip', ['netns', 'pids', ns]).out.split('\n').map(Number).filter((p) => p > 1)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  sh('ip', ['netns', 'del', ns]);
}

/** Removes namespaces and work folders of earlier runs whose process is gone. */
function removeLeftovers(): void {
  const gone = (name: string): boolean => {
    const pid = Number(/^pw(\d+)-/.exec(name)?.[1] ?? 0);
    return pid > 0 && pid !== process.pid && !pidAlive(pid);
  };
  for (const ns of ourNamespaces()) if (gone(ns)) deleteNs(ns);
  for (const d of readdirSync(tmpdir())) if (gone(d)) rmSync(join(tmpdir(), d), { recursive: true, force: true });
}

let cleaned = false;
function cleanupAll(): void {
  if (cleaned) return;
  cleaned = true;
  for (const c of children) c.kill('SIGKILL');
  for (const ns of ourNamespaces()) if (ns.startsWith(PREFIX)) deleteNs(ns);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

function ifnames(ns: string): Map<number, string> {
  const r = sh('ip', ['-n', ns, '-j', 'link', 'show']);
  const m = new Map<number, string>();
  for (const l of JSON.parse(r.out || '[]') as { ifindex: number; ifname: string }[]) m.set(l.ifindex, l.ifname);
  return m;
}

interface FlowResult {
  scenario: string;
  flow: FlowSpec;
  trace?: Trace;
  checks: Check[];
  note?: string;
}

/** KERNELCHECK_TIMING=1: where a scenario's time goes (build, listeners and captures, flows, teardown). */
const timing = (msg: string): void => void (process.env.KERNELCHECK_TIMING && console.error(`timing: ${msg}`));

let tokenNo = 0;
let sportNo = 0;
const nextToken = (): string => `pwk${String(++tokenNo).padStart(5, '0')}`;
const nextSport = (): number => 41000 + (++sportNo % 20000);

async function runScenario(specIndex: number, spec: ReturnType<typeof scenarios>[number]): Promise<FlowResult[]> {
  const cluster = compileScenario(loadSpec(spec));
  const prefix = `${PREFIX}${specIndex}`;
  const topo: Topology = planTopology(cluster, prefix, workDir);
  for (const f of topo.files) writeFileSync(f.path, f.text);
  const script = join(workDir, `${specIndex}.sh`);
  writeFileSync(script, `set -e\n${topo.script.join('\n')}\n`);
  const T0 = Date.now();
  const built = sh('sh', ['-x', script]);
  const buildMs = Date.now() - T0;
  timing(`${spec.name.slice(0, 30)} build ${buildMs} ms, ${topo.script.length} lines`);
  if (!built.ok) throw new Error(`building ${spec.name} failed:\n${built.out.trim().split('\n').slice(-6).join('\n')}`);

  // Listeners: every pod, node and host namespace listens on every port a flow of this scenario may reach.
  const plan = spec.flows.map((f) => ({ f, t: traceFlow(cluster, { ...f.req, sport: 40000 }).trace }));
  const tcp = new Set<number>();
  const udp = new Set<number>();
  for (const { f, t } of plan) {
    const set = f.req.proto === 'udp' ? udp : f.req.proto === 'tcp' ? tcp : undefined;
    if (!set) continue;
    if (f.req.dport) set.add(f.req.dport);
    for (const b of t?.branches ?? []) for (const c of b.choices) set.add(Number(c.split(':')[1]));
    if (t?.delivered?.port) set.add(t.delivered.port);
  }
  const seen: Seen[] = [];
  const nsInfo = new Map(topo.namespaces.map((n) => [n.ns, n]));
  const listenerNs = topo.namespaces.filter((n) => n.kind === 'pod' || n.kind === 'node' || n.kind === 'host');
  const listeners = await Promise.all(listenerNs.map((n) => startListener(n.ns, n.ip ?? '', [...tcp], [...udp], (s) => seen.push(s))));
  listeners.forEach((c) => children.add(c));

  // Captures: each fabric port, and everything inside each node.
  const caps: { cap: Capture; port?: Topology['ports'][number]; node?: string }[] = [];
  const started = await Promise.all([
    ...topo.ports.map((p) => startCapture(topo.fab, p.port, join(workDir, `${prefix}-${p.port}.pcap`)).then((cap) => ({ cap, port: p }))),
    ...topo.namespaces.filter((n) => n.kind === 'node').map((n) => startCapture(n.ns, 'any', join(workDir, `${n.ns}.pcap`)).then((cap) => ({ cap, node: n.node }))),
  ]);
  for (const s of started) {
    caps.push(s);
    children.add(s.cap.child);
  }

  const srcNs = (spec2: string): string | undefined => {
    const [kind, name] = [spec2.slice(0, spec2.indexOf(':')), spec2.slice(spec2.indexOf(':') + 1)];
    // A hostNetwork pod's socket is in its node's stack.
    const hostNet = kind === 'pod' ? cluster.scenario.pods.find((p) => p.hostNetwork && `${p.namespace}/${p.name}` === name)?.nodeName : undefined;
    const n = topo.namespaces.find((x) => (kind === 'pod' && x.kind === 'pod' && x.pod === name) || ((kind === 'node' || hostNet !== undefined) && x.kind === 'node' && x.node === (hostNet ?? name)) || (kind === 'host' && x.kind === 'host' && x.host === name));
    return n?.ns;
  };
  // The model's hostNetwork pod keeps the node IP it is listed with (a bound socket), where `node:` is unbound.
  const boundSource = (src: string): string | undefined => cluster.scenario.pods.find((p) => p.hostNetwork && `pod:${p.namespace}/${p.name}` === src)?.ip;
  const podNode = (pod: string): string | undefined => topo.namespaces.find((x) => x.kind === 'pod' && x.pod === pod)?.node;

  interface Attempt {
    f: FlowSpec;
    token: string;
    sport: number;
    t0: number;
    t1: number;
    probe: Awaited<ReturnType<typeof probe>>;
    seen?: Seen;
  }
  timing(`listeners+captures ${Date.now() - T0} ms`);
  const attempts: Attempt[] = [];
  for (const { f, t } of plan) {
    const ns = srcNs(f.req.src);
    if (!ns || !t) {
      attempts.push({ f, token: '', sport: 0, t0: 0, t1: 0, probe: { result: 'not-run', detail: !t ? 'the model cannot trace it' : `no namespace for ${f.req.src}` } });
      continue;
    }
    let last: Attempt | undefined;
    for (let i = 0; i < (f.backendOn ? 12 : 1); i++) {
      const token = nextToken();
      const sport = nextSport();
      const t0 = Date.now() * 1000;
      const r = await probe(ns, f.req.proto ?? 'tcp', t.flow.dst.ip, t.flow.dport, sport, token, PROBE_TIMEOUT_MS, { size: f.req.size, df: f.req.df, bind: boundSource(f.req.src) });
      await new Promise((res) => setTimeout(res, 40));
      const t1 = Date.now() * 1000;
      last = { f, token, sport, t0, t1, probe: r, seen: seen.find((s) => s.token === token) };
      const backendNode = last.seen ? (nsInfo.get(last.seen.ns)?.node ?? '') : '';
      if (!f.backendOn || backendNode === f.backendOn) break;
    }
    attempts.push(last!);
  }
  await new Promise((res) => setTimeout(res, 100));
  timing(`flows done ${Date.now() - T0} ms (${plan.length} flows)`);
  await Promise.all(caps.map((c) => stopCapture(c.cap)));
  for (const c of listeners) c.kill('SIGKILL');

  // Attribute fabric frames to stations: the sender is the port's station when the source MAC is its own.
  const macToStation = new Map(topo.ports.map((p) => [p.mac, p.station]));
  const wireAll: WireFrame[] = [];
  const nodeAll: NodeFrame[] = [];
  for (const c of caps) {
    const frames = readCapture(c.cap, topo.vxlanPort);
    if (c.port) {
      for (const fr of frames) {
        const eth = fr.packet.headers[0];
        if (eth?.kind !== 'eth' || eth.src !== c.port.mac) continue;
        wireAll.push({ tsUs: fr.tsUs, from: c.port.station, to: macToStation.get(eth.dst) ?? eth.dst, packet: fr.packet, payload: fr.payload });
      }
    } else if (c.node) {
      const names = ifnames(topo.namespaces.find((n) => n.node === c.node && n.kind === 'node')!.ns);
      for (const fr of frames) nodeAll.push({ ...fr, node: c.node, ifname: names.get(fr.ifindex ?? -1) ?? '?' });
    }
  }
  // Interface names are read before deletion above; now the namespaces can go.
  for (const n of topo.namespaces) deleteNs(n.ns);

  timing(`teardown ${Date.now() - T0} ms`);
  recordTiming({ scenario: spec.name, flows: plan.length, buildMs, totalMs: Date.now() - T0 });
  const caliOf = (pod: string): string | undefined => topo.nodes.flatMap((n) => n.pods).find((p) => p.pod === pod)?.hostVeth;
  const hostMac = (host: string): string | undefined => cluster.fabric.hosts.find((h) => h.name === host)?.mac;
  return attempts.map((a) => {
    if (a.probe.result === 'not-run') return { scenario: spec.name, flow: a.f, checks: [{ what: 'run', expected: 'a flow', seen: a.probe.detail ?? '', ok: false }] };
    // The model at the same source port, pinned to the backend the kernel picked where kube-proxy picks at random.
    // The backend's address: a pod's, or a node's for a hostNetwork endpoint (its listener is the node's).
    const seenNs = a.seen ? nsInfo.get(a.seen.ns) : undefined;
    const backendIp = seenNs?.kind === 'pod' ? seenNs.ip : seenNs?.kind === 'node' ? a.seen!.laddr : undefined;
    const base = traceFlow(cluster, { ...a.f.req, sport: a.sport }).trace!;
    const pinned = backendIp && (base.branches ?? []).some((b) => b.choices.length > 1) ? traceFlow(cluster, { ...a.f.req, sport: a.sport, backend: `${backendIp}:${a.seen!.lport}` }).trace ?? base : base;
    const within = <T extends { tsUs: number }>(x: T): boolean => x.tsUs >= a.t0 && x.tsUs <= a.t1;
    const info = a.seen ? nsInfo.get(a.seen.ns) : undefined;
    const run: KernelRun = {
      probe: a.probe,
      seen: a.seen,
      seenAt: info ? { node: info.kind === 'host' ? info.host : info.node, pod: info.pod, host: info.host } : undefined,
      wire: wireAll.filter(within),
      nodeFrames: nodeAll.filter(within),
      token: pinned.flow.proto === 'icmp' ? icmpPatternBytes(a.token) : new TextEncoder().encode(a.token),
    };
    // kube-proxy picked a backend at random and nothing was delivered (a NetworkPolicy or a router dropped it on the way),
    // so there is no backend to pin the model to: the frames after the pick may differ by the draw; only the verdict
    // compares, against whichever of the model's picks ends as the kernel's run did.
    const unpinnable = !backendIp && (base.branches ?? []).some((b) => b.choices.length > 1);
    const { trace, checks } = unpinnable
      ? compareUnpinned({ trace: pinned, run, hostMac, caliOf }, (backend) => traceFlow(cluster, { ...a.f.req, sport: a.sport, backend }).trace)
      : { trace: pinned, checks: compareFlow({ trace: pinned, run, hostMac, caliOf }) };
    // Where the backend's node drops the packet (a NetworkPolicy there), nothing is delivered to name the node: the wire
    // checks above already compared every frame up to that node.
    if (a.f.backendOn && trace.verdict === 'delivered') {
      const got = a.seen ? (podNode(nsInfo.get(a.seen.ns)?.pod ?? '') ?? '') : '';
      checks.push({ what: 'backend node', expected: a.f.backendOn, seen: got || '(none)', ok: got === a.f.backendOn });
    }
    return { scenario: spec.name, flow: a.f, trace, checks };
  });
}

function report(results: FlowResult[], ms: number, generated?: { seed: number; clusters: number; flows: number; agree: number; ms: number; notes: string[] }): number {
  const out: string[] = [];
  let current = '';
  let pass = 0;
  for (const r of results) {
    if (r.scenario !== current) {
      current = r.scenario;
      out.push('', `## ${current}`);
    }
    const ok = r.checks.every((c) => c.ok);
    if (ok) pass++;
    const req = r.flow.req;
    out.push(`${ok ? 'PASS' : 'FAIL'} ${r.flow.id} ${r.flow.title}`, `     ${req.src} → ${req.dst} ${req.proto ?? 'tcp'}${req.dport ? `/${req.dport}` : ''}`);
    for (const c of r.checks) {
      out.push(`     ${c.ok ? ' ok ' : 'DIFF'} ${c.what}`);
      out.push(`          expected: ${c.expected}`);
      if (!c.ok || c.expected !== c.seen) out.push(`          seen:     ${c.seen}`);
      for (const d of c.detail ?? []) out.push(`          ${d}`);
    }
  }
  const uname = sh('uname', ['-r']).out.trim();
  const failed = results.length - pass;
  if (generated) {
    out.push(...generated.notes, '', `test:kernel generated: seed ${generated.seed}, ${generated.clusters} clusters, ${generated.agree}/${generated.flows} flows agree; ${(generated.ms / 1000).toFixed(1)} s`);
  }
  out.push('', `test:kernel: ${pass}/${results.length} flows agree with the kernel (Linux ${uname}), ${failed} differ; ${(ms / 1000).toFixed(1)} s`);
  console.log(out.join('\n'));
  return failed;
}

async function main(): Promise<void> {
  const start = Date.now();
  preflight();
  removeLeftovers();
  process.on('exit', cleanupAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      console.error(`test:kernel: ${sig}, cleaning up`);
      cleanupAll();
      process.exit(130);
    });
  }
  // The whole run is bounded: well under a minute normally; stop and clean up if it ever hangs.
  // Bound: 90 s, or 2.5 s per flow when the matrix is larger (a loaded machine runs the 51 flows in about a minute and a half),
  // plus the generated clusters (a loaded machine: about 4 s per flow and a minute per cluster to build and tear down)
  // and their shrinking.
  const limit = Math.max(90_000, scenarios().reduce((n, sp) => n + sp.flows.length, 0) * 2500) + generatedBudgetMs();
  setTimeout(() => {
    console.error(`test:kernel: timed out after ${Math.round(limit / 1000)} s, cleaning up`);
    cleanupAll();
    process.exit(1);
  }, limit).unref();
  workDir = mkdtempSync(join(tmpdir(), PREFIX));
  const results: FlowResult[] = [];
  // KERNELCHECK_ONLY=text runs only the scenarios whose name contains it (e.g. `kubeadm`).
  const only = process.env.KERNELCHECK_ONLY;
  const specs = scenarios().filter((sp) => !only || sp.name.includes(only));
  for (let i = 0; i < specs.length; i++) results.push(...(await runScenario(i, specs[i]!)));
  // The generated clusters (generated/): run unless KERNELCHECK_ONLY names something else.
  let generated: Parameters<typeof report>[2];
  if (!only || 'generated'.includes(only)) {
    const t0 = Date.now();
    const g = await runGenerated(runScenario, specs.length);
    results.push(...g.results);
    generated = { seed: g.seed, clusters: g.clusters, flows: g.results.length, agree: g.results.filter((r) => r.checks.every((c) => c.ok)).length, ms: Date.now() - t0, notes: g.notes };
  }
  const failed = report(results, Date.now() - start, generated);
  cleanupAll();
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(`test:kernel: ${e instanceof Error ? e.message : String(e)}`);
  cleanupAll();
  process.exit(1);
});

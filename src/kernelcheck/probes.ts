/**
 * The programs that make and receive real traffic inside the namespaces:
 * Node.js one-file scripts run with `ip netns exec NS node -e …` (Node is
 * there wherever the harness runs) and iputils `ping` for ICMP echo.
 *
 * Listener: binds TCP and UDP ports on 0.0.0.0 and prints one JSON line per
 * received token with what the socket sees (local and peer address/port).
 * UDP datagrams are echoed back; a TCP connection is closed after the token.
 * Prober: one TCP connect (sends its token) or one UDP datagram (waits for the
 * echo), from a fixed source port, with a timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Seen {
  ns: string;
  proto: 'tcp' | 'udp';
  laddr: string;
  lport: number;
  raddr: string;
  rport: number;
  token: string;
}

const LISTENER = String.raw`
const net = require('node:net'), dgram = require('node:dgram');
const cfg = JSON.parse(process.argv[1]);
const say = (o) => process.stdout.write(JSON.stringify({ ns: cfg.ns, ...o }) + '\n');
let pending = cfg.tcp.length + cfg.udp.length;
const ready = () => { if (--pending === 0) process.stdout.write('READY\n'); };
for (const port of cfg.tcp) {
  const srv = net.createServer((s) => {
    s.setTimeout(3000, () => s.destroy());
    s.once('data', (d) => { say({ proto: 'tcp', laddr: s.localAddress, lport: s.localPort, raddr: s.remoteAddress, rport: s.remotePort, token: String(d).trim() }); s.end(); });
    s.on('error', () => {});
  });
  srv.listen(port, '0.0.0.0', ready);
}
// UDP: one socket per local address, so a reply leaves from the address the datagram was sent to (as a server that
// answers from the dialled address does); a socket on 0.0.0.0 would answer from the route's source address.
const addrs = Object.values(require('node:os').networkInterfaces()).flat().filter((a) => a.family === 'IPv4').map((a) => a.address);
pending += cfg.udp.length * (addrs.length - 1);
for (const port of cfg.udp) for (const addr of addrs) {
  const u = dgram.createSocket('udp4');
  u.on('message', (m, r) => { const token = String(m).trim(); say({ proto: 'udp', laddr: addr, lport: port, raddr: r.address, rport: r.port, token }); u.send(token, r.port, r.address); });
  u.on('error', () => ready());
  u.bind(port, addr, ready);
}
if (pending === 0) process.stdout.write('READY\n');
// Stay up until killed, also with no port to listen on (else the exit can reach the parent before READY does).
setInterval(() => {}, 1 << 30);
`;

const PROBER = String.raw`
// a.bind: the source address a socket bound to it sends from (a hostNetwork pod's listed IP).
const net = require('node:net'), dgram = require('node:dgram');
const a = JSON.parse(process.argv[1]);
const done = (r) => { process.stdout.write(JSON.stringify(r) + '\n'); process.exit(0); };
setTimeout(() => done({ result: 'timeout' }), a.timeoutMs);
if (a.proto === 'tcp') {
  const s = net.connect({ host: a.dst, port: a.dport, localPort: a.sport, ...(a.bind ? { localAddress: a.bind } : {}) });
  s.on('connect', () => { s.write(a.token + '\n'); });
  s.on('close', () => done({ result: 'connected' }));
  s.on('error', (e) => done({ result: e.code || String(e) }));
} else {
  const u = dgram.createSocket('udp4');
  u.on('error', (e) => done({ result: e.code || String(e) }));
  u.on('message', (m) => done({ result: 'reply', token: String(m) }));
  // A sized datagram: the token padded with spaces to the IP total length asked (20 IP + 8 UDP bytes less).
  const data = a.size ? a.token.padEnd(Math.max(a.token.length, a.size - 28), ' ') : a.token;
  u.bind(a.sport, a.bind, () => u.connect(a.dport, a.dst, (e) => e ? done({ result: e.code }) : u.send(data)));
}
`;

/** Starts a listener in `ns`; resolves when every socket is bound. */
export function startListener(ns: string, ip: string, tcp: number[], udp: number[], onSeen: (s: Seen) => void): Promise<ChildProcess> {
  const child = spawn('ip', ['netns', 'exec', ns, process.execPath, '-e', LISTENER, JSON.stringify({ ns, ip, tcp, udp })], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`listener in ${ns} did not start: ${err.trim()}`)), 20000);
    child.stderr!.on('data', (d: Buffer) => (err += String(d)));
    child.stdout!.on('data', (d: Buffer) => {
      buf += String(d);
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line === 'READY') {
          clearTimeout(timer);
          resolve(child);
        } else if (line.startsWith('{')) onSeen(JSON.parse(line) as Seen);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`listener in ${ns} exited (${code}): ${err.trim()}`));
    });
  });
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    // A margin for a busy machine, where starting Node alone can take seconds.
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs + 15_000);
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, out });
    });
  });
}

/** What the source saw: `connected`/`reply` (TCP/UDP), `echo-reply`, an errno code, an ICMP error text, or `timeout`. */
export interface ProbeResult {
  result: string;
  detail?: string;
}

/** A sized probe: IP total length (ICMP echo, UDP), and DF for ping (`-M do` / `-M dont`; unset = ping's default); `bind`: the source address. */
export interface ProbeSize {
  size?: number;
  df?: boolean;
  bind?: string;
}

export async function probe(ns: string, proto: 'tcp' | 'udp' | 'icmp', dst: string, dport: number | undefined, sport: number, token: string, timeoutMs: number, sized: ProbeSize = {}): Promise<ProbeResult> {
  if (proto === 'icmp') {
    const pattern = Buffer.from(token.slice(0, 8).padEnd(8, '-')).toString('hex');
    const size = sized.size !== undefined ? ['-s', String(sized.size - 28)] : [];
    const df = sized.df === undefined ? [] : ['-M', sized.df ? 'do' : 'dont'];
    const bind = sized.bind ? ['-I', sized.bind] : [];
    const r = await run('ip', ['netns', 'exec', ns, 'ping', '-n', '-c', '1', '-W', String(Math.ceil(timeoutMs / 1000)), ...size, ...df, ...bind, '-p', pattern, dst], timeoutMs);
    if (r.code === 0) return { result: 'echo-reply' };
    const m = /(Destination [A-Za-z ]+Unreachable|Time to live exceeded|Frag needed[^\n]*)/.exec(r.out);
    if (m) return { result: m[1]!.replace('Destination ', '').toLowerCase(), detail: r.out.trim() };
    if (/connect: ([^\n]+)/.test(r.out)) return { result: /connect: ([^\n]+)/.exec(r.out)![1]!, detail: r.out.trim() };
    return { result: 'timeout', detail: r.out.trim() };
  }
  const r = await run('ip', ['netns', 'exec', ns, process.execPath, '-e', PROBER, JSON.stringify({ proto, dst, dport, sport, token, timeoutMs, size: sized.size, bind: sized.bind })], timeoutMs);
  const line = r.out.split('\n').find((l) => l.startsWith('{'));
  return line ? (JSON.parse(line) as ProbeResult) : { result: 'prober-failed', detail: r.out.trim() };
}

/** The 8-byte token ping carries as its pattern (`ping -p`), as bytes to search captures for. */
export function icmpPatternBytes(token: string): Uint8Array {
  return Buffer.from(token.slice(0, 8).padEnd(8, '-'));
}

/**
 * tcpdump captures: one per fabric bridge port (Ethernet, every station's
 * physical link) and one `-i any` per node namespace (ens18, vxlan.calico
 * after decapsulation, every `cali…`), written to pcap files and read back
 * with pcap.ts once the flows have run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parsePcap, type Captured } from './pcap';

export interface Capture {
  ns: string;
  iface: string;
  file: string;
  child: ChildProcess;
}

export function startCapture(ns: string, iface: string, file: string): Promise<Capture> {
  const child = spawn('ip', ['netns', 'exec', ns, 'tcpdump', '-i', iface, '-n', '-U', '--immediate-mode', '-s', '512', '-w', file, 'ip'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`tcpdump on ${ns}/${iface} did not start: ${err.trim()}`)), 20000);
    child.stderr!.on('data', (d: Buffer) => {
      err += String(d);
      if (err.includes('listening on')) {
        clearTimeout(timer);
        resolve({ ns, iface, file, child });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tcpdump on ${ns}/${iface} exited (${code}): ${err.trim()}`));
    });
  });
}

/** Stops tcpdump (SIGINT flushes the file) and waits for it. */
export function stopCapture(c: Capture): Promise<void> {
  return new Promise((resolve) => {
    if (c.child.exitCode !== null || c.child.signalCode !== null) return resolve();
    const t = setTimeout(() => c.child.kill('SIGKILL'), 2000);
    c.child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    c.child.kill('SIGINT');
  });
}

export function readCapture(c: Capture, vxlanPort: readonly number[]): Captured[] {
  return existsSync(c.file) ? parsePcap(new Uint8Array(readFileSync(c.file)), vxlanPort) : [];
}

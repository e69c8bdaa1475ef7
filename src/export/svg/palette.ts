/**
 * The colours of the vector drawing, the page's Tailwind colours by role
 * (src/ui/topology/elementStyle.ts) as plain hex, for the light and the dark
 * theme.
 */
import type { TopoRole } from '../../engine/index';

export type Theme = 'light' | 'dark';

export interface Paint {
  fill: string;
  stroke: string;
}

type Pair = readonly [light: Paint, dark: Paint];

const p = (fill: string, stroke: string): Paint => ({ fill, stroke });

const ROLE: Partial<Record<TopoRole, Pair>> = {
  pod: [p('#f0f9ff', '#0284c7'), p('#082f49', '#38bdf8')],
  compartment: [p('#f0f9ff', '#0284c7'), p('#082f49', '#38bdf8')],
  'pod-eth0': [p('#ffffff', '#0ea5e9'), p('#0f172a', '#38bdf8')],
  vnic: [p('#ffffff', '#0ea5e9'), p('#0f172a', '#38bdf8')],
  veth: [p('#e0f2fe', '#0ea5e9'), p('#0c4a6e', '#38bdf8')],
  routing: [p('#fffbeb', '#d97706'), p('#451a03', '#fbbf24')],
  nft: [p('#f5f3ff', '#7c3aed'), p('#2e1065', '#a78bfa')],
  conntrack: [p('#f5f3ff', '#a78bfa'), p('#2e1065', '#c4b5fd')],
  vxlan: [p('#ecfdf5', '#059669'), p('#022c22', '#34d399')],
  vswitch: [p('#eef2ff', '#4f46e5'), p('#1e1b4b', '#818cf8')],
  vfp: [p('#ffffff', '#818cf8'), p('#0f172a', '#a5b4fc')],
  uft: [p('#ffffff', '#818cf8'), p('#0f172a', '#a5b4fc')],
  vethernet: [p('#f1f5f9', '#64748b'), p('#1e293b', '#94a3b8')],
  nic: [p('#e2e8f0', '#475569'), p('#334155', '#cbd5e1')],
};
const PART: Pair = [p('#ffffff', '#94a3b8'), p('#0f172a', '#94a3b8')];

export interface Palette {
  background: string;
  text: string;
  muted: string;
  edge: string;
  network: Paint;
  machine: (os: 'linux' | 'windows' | undefined, role: TopoRole) => Paint;
  part: (role: TopoRole) => Paint;
  active: Paint;
  trail: string;
  packet: Paint;
  changed: string;
  added: Paint;
}

export function palette(theme: Theme): Palette {
  const i = theme === 'dark' ? 1 : 0;
  const dark = i === 1;
  return {
    background: dark ? '#020617' : '#ffffff',
    text: dark ? '#f8fafc' : '#0f172a',
    muted: dark ? '#cbd5e1' : '#334155',
    edge: dark ? '#94a3b8' : '#64748b',
    network: dark ? p('#334155', '#cbd5e1') : p('#e2e8f0', '#475569'),
    machine: (os, role) => p(dark ? '#0f172a' : '#ffffff', os === 'windows' ? (dark ? '#60a5fa' : '#1d4ed8') : role === 'node' ? (dark ? '#2dd4bf' : '#0f766e') : dark ? '#94a3b8' : '#64748b'),
    part: (role) => (ROLE[role] ?? PART)[i],
    active: dark ? p('#713f12', '#fb923c') : p('#fef08a', '#ea580c'),
    trail: dark ? '#fb923c' : '#ea580c',
    packet: p('#c2410c', '#7c2d12'),
    changed: dark ? '#fde047' : '#fef08a',
    added: dark ? p('#022c22', '#059669') : p('#ecfdf5', '#059669'),
  };
}

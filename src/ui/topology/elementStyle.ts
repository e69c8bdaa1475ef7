/** Colours of topology elements by role, and the acting/visited/selected marks (Tailwind classes, light and dark). */
import type { TopoRole } from '../../engine/index';
import type { ElementData } from './flowElements';

const ROLE: Partial<Record<TopoRole, string>> = {
  pod: 'bg-sky-50 border-sky-600 dark:bg-sky-950 dark:border-sky-400',
  compartment: 'bg-sky-50 border-sky-600 dark:bg-sky-950 dark:border-sky-400',
  'pod-eth0': 'bg-white border-sky-500 dark:bg-slate-900 dark:border-sky-400',
  vnic: 'bg-white border-sky-500 dark:bg-slate-900 dark:border-sky-400',
  veth: 'bg-sky-100 border-sky-500 dark:bg-sky-900 dark:border-sky-400',
  routing: 'bg-amber-50 border-amber-600 dark:bg-amber-950 dark:border-amber-400',
  nft: 'bg-violet-50 border-violet-600 dark:bg-violet-950 dark:border-violet-400',
  conntrack: 'bg-violet-50 border-violet-400 dark:bg-violet-950 dark:border-violet-300',
  vxlan: 'bg-emerald-50 border-emerald-600 dark:bg-emerald-950 dark:border-emerald-400',
  vswitch: 'bg-indigo-50 border-indigo-600 dark:bg-indigo-950 dark:border-indigo-400',
  vfp: 'bg-white border-indigo-400 dark:bg-slate-900 dark:border-indigo-300',
  uft: 'bg-white border-indigo-400 border-dashed dark:bg-slate-900 dark:border-indigo-300',
  vethernet: 'bg-slate-100 border-slate-500 dark:bg-slate-800 dark:border-slate-400',
  nic: 'bg-slate-200 border-slate-600 dark:bg-slate-700 dark:border-slate-300',
};

export function partClasses(d: ElementData): string {
  const base = ROLE[d.element.role] ?? 'bg-white border-slate-400 dark:bg-slate-900';
  if (d.active) return 'bg-yellow-200 border-orange-600 ring-4 ring-orange-500 dark:bg-yellow-900 dark:border-orange-400';
  // Skipped by the flow cache: struck through and dashed, still readable (no transparency).
  if (d.skipped) return 'bg-slate-100 border-slate-500 border-dashed line-through text-slate-700 dark:bg-slate-800 dark:text-slate-300';
  const visited = d.visited ? ' border-[3px]' : '';
  const selected = d.selected ? ' ring-4 ring-teal-500' : '';
  return base + visited + selected;
}

export function machineClasses(d: ElementData): string {
  const os = d.element.os === 'windows' ? 'border-blue-700 dark:border-blue-400' : d.element.role === 'node' ? 'border-teal-700 dark:border-teal-400' : 'border-slate-500 dark:border-slate-400';
  const mark = d.active ? ' ring-4 ring-orange-500' : d.selected ? ' ring-4 ring-teal-500' : '';
  return `bg-white/90 dark:bg-slate-900/90 ${os}${mark}`;
}

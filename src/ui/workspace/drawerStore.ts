/**
 * Which drawer of the workspace is open: the flow picker, lessons, what-if
 * (with readiness and IPAM), or share and export. One at a time, beside the
 * topology; on a wide screen the flow drawer is open at first (how to
 * start), on a narrower one none is; a traced flow or a started lesson
 * closes its drawer.
 */
import { create } from 'zustand';

export const DRAWERS = ['flow', 'lessons', 'whatIf', 'share'] as const;
export type DrawerId = (typeof DRAWERS)[number];

/** From this width up the flow drawer starts open; below it the topology starts alone. */
export const WIDE = 1600;

/** True on a screen too narrow to keep a drawer open beside the topology while stepping. */
export const isNarrow = (): boolean => typeof window !== 'undefined' && window.innerWidth < WIDE;

interface DrawerState {
  open?: DrawerId;
  toggle(id: DrawerId): void;
  close(): void;
}

export const useDrawer = create<DrawerState>()((set, get) => ({
  open: isNarrow() ? undefined : 'flow',
  toggle: (id) => set({ open: get().open === id ? undefined : id }),
  close: () => set({ open: undefined }),
}));

/** The selected node and its state views (`ip route`, `nft list ruleset`, …) as the worker printed them, long ones windowed around the marked lines. */
import { createStore } from 'zustand/vanilla';
import type { NodeViewPage } from '../../worker/api';

export type { NodeViewPage, ViewPart } from '../../worker/api';

export interface NodeStateState {
  node?: string;
  views: NodeViewPage[];
  /** `marksKey` of the marks the views were asked with. */
  marksKey?: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
}

export const EMPTY_NODE_STATE: NodeStateState = { views: [], status: 'idle' };

export function createNodeStateStore() {
  return createStore<NodeStateState>()(() => EMPTY_NODE_STATE);
}

export type NodeStateStore = ReturnType<typeof createNodeStateStore>;

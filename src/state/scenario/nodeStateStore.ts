/** The selected node and its state views (`ip route`, `nft list ruleset`, …) as the worker printed them. */
import { createStore } from 'zustand/vanilla';
import type { NodeStateView } from '../../engine/index';

export interface NodeStateState {
  node?: string;
  views: NodeStateView[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
}

export const EMPTY_NODE_STATE: NodeStateState = { views: [], status: 'idle' };

export function createNodeStateStore() {
  return createStore<NodeStateState>()(() => EMPTY_NODE_STATE);
}

export type NodeStateStore = ReturnType<typeof createNodeStateStore>;

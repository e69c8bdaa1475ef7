/** The current trace: the last request, its Trace, where its steps act, and diagnostics, or the error. */
import { createStore } from 'zustand/vanilla';
import type { Diagnostic, FlowRequest, Trace, TraceLocations } from '../../engine/index';
import type { NodeParts } from '../../worker/api';

export type TraceStatus = 'idle' | 'running' | 'done' | 'error';

export interface TraceState {
  status: TraceStatus;
  request?: FlowRequest;
  trace?: Trace;
  /** The topology element each step acts on. */
  locations?: TraceLocations;
  /** Collapsed topology: the parts of the nodes the trace passes (what `locations` point into). */
  parts?: NodeParts[];
  diagnostics: Diagnostic[];
  error?: string;
}

export const EMPTY_TRACE: TraceState = { status: 'idle', diagnostics: [] };

export function createTraceStore() {
  return createStore<TraceState>()(() => EMPTY_TRACE);
}

export type TraceStore = ReturnType<typeof createTraceStore>;

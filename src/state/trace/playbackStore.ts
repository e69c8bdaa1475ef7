/** The player: where in the trace the view stands, whether it plays, how fast, and summary vs detailed. */
import { createStore } from 'zustand/vanilla';
import type { Detail } from './playback';

export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

export interface PlaybackState {
  /** Index into the trace's play items (request steps, then reply steps). */
  position: number;
  playing: boolean;
  speed: Speed;
  detail: Detail;
}

export const INITIAL_PLAYBACK: PlaybackState = { position: 0, playing: false, speed: 1, detail: 'summary' };

export function createPlaybackStore() {
  return createStore<PlaybackState>()(() => INITIAL_PLAYBACK);
}

export type PlaybackStore = ReturnType<typeof createPlaybackStore>;

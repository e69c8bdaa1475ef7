/**
 * Playing a trace: step forward and back over the visible steps, play/pause,
 * speed, restart, summary vs detailed.
 */
import { nextPosition, playItems, previousPosition, snapToVisible, visiblePositions, type Detail, type PlayItem } from './playback';
import { type PlaybackStore, type Speed } from './playbackStore';
import type { TraceStore } from './traceStore';

export interface PlaybackActions {
  /** The play items of the current trace (memoised per trace). */
  items(): PlayItem[];
  next(): void;
  previous(): void;
  /** Jumps to the last visible step. */
  end(): void;
  restart(): void;
  /** Back to the first step, paused (a new trace; `wiring.ts`). */
  reset(): void;
  seek(position: number): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(speed: Speed): void;
  setDetail(detail: Detail): void;
  /** One tick of the clock while playing: the next step, or pause at the end. */
  tick(): void;
}

export function createPlaybackActions(playback: PlaybackStore, trace: TraceStore): PlaybackActions {
  let memo: { key: unknown; items: PlayItem[] } = { key: undefined, items: [] };
  const items = (): PlayItem[] => {
    const { trace: t, locations } = trace.getState();
    if (memo.key !== t || memo.items.length === 0) memo = { key: t, items: playItems(t, locations) };
    return memo.items;
  };
  const visible = () => visiblePositions(items(), playback.getState().detail);
  const at = () => playback.getState().position;
  const isLast = () => nextPosition(visible(), at()) === at();

  const actions: PlaybackActions = {
    items,
    next: () => playback.setState({ position: nextPosition(visible(), at()) }),
    previous: () => playback.setState({ position: previousPosition(visible(), at()), playing: false }),
    end: () => playback.setState({ position: visible().at(-1) ?? 0, playing: false }),
    restart: () => playback.setState({ position: visible()[0] ?? 0, playing: false }),
    reset: () => playback.setState({ position: 0, playing: false }),
    seek: (position) => playback.setState({ position, playing: false }),
    play: () => {
      if (items().length === 0) return;
      if (isLast()) actions.restart();
      playback.setState({ playing: true });
    },
    pause: () => playback.setState({ playing: false }),
    togglePlay: () => (playback.getState().playing ? actions.pause() : actions.play()),
    setSpeed: (speed) => playback.setState({ speed }),
    setDetail: (detail) => playback.setState({ detail, position: snapToVisible(visiblePositions(items(), detail), at()) }),
    tick: () => (isLast() ? actions.pause() : actions.next()),
  };
  return actions;
}


import { useEffect } from 'react';
import { usePlayback, usePlaybackActions } from '../../state/hooks';

/** Base time per step at speed 1, in ms. */
export const STEP_MS = 1400;

/** While playing, advances one step every STEP_MS / speed (pauses at the end). */
export function usePlaybackClock(): void {
  const playing = usePlayback((s) => s.playing);
  const speed = usePlayback((s) => s.speed);
  const position = usePlayback((s) => s.position);
  const { tick } = usePlaybackActions();
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(tick, STEP_MS / speed);
    return () => window.clearTimeout(timer);
  }, [playing, speed, position, tick]);
}

import { usePlaybackActions } from '../../state/hooks';
import { useKeyMap } from '../player/useKeyMap';

/**
 * Presentation keys: Space, → and PageDown step forward (a clicker sends
 * PageDown/PageUp), ← and PageUp step back, Home/End, Escape leaves.
 * `step` may take PageDown/PageUp over (a lesson's next/previous step); it
 * returns false to leave them to the player.
 */
export function usePresentKeys(leave: () => void, wake: () => void, step: (direction: 1 | -1) => boolean): void {
  const actions = usePlaybackActions();
  useKeyMap(
    (event) => {
      if (event.key === 'Tab') {
        wake();
        return undefined;
      }
      return {
        ' ': actions.next,
        ArrowRight: actions.next,
        PageDown: () => step(1) || actions.next(),
        ArrowLeft: actions.previous,
        PageUp: () => step(-1) || actions.previous(),
        Home: actions.restart,
        End: actions.end,
        Escape: leave,
      };
    },
    [actions, leave, wake, step],
  );
}

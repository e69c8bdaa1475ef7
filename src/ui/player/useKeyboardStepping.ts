import { usePlaybackActions } from '../../state/hooks';
import { useKeyMap } from './useKeyMap';

/** Whether the focused element uses `key` itself: text fields and lists use arrows and space; buttons and links use space. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return true;
  return key === ' ' && (['BUTTON', 'A', 'SUMMARY'].includes(target.tagName) || target.getAttribute('role') === 'button');
}

/** Space plays/pauses, → and ← step, Home restarts, End jumps to the last step (unless the focused control uses the key). */
export function useKeyboardStepping(): void {
  const actions = usePlaybackActions();
  useKeyMap(
    (event) =>
      ownsKey(event.target, event.key)
        ? undefined
        : { ' ': actions.togglePlay, ArrowRight: actions.next, ArrowLeft: actions.previous, Home: actions.restart, End: actions.end },
    [actions],
  );
}

import { useEffect } from 'react';

/**
 * Binds keys on the window: `map(event)` returns the action per key (or
 * undefined to ignore the event, e.g. when a text field has focus). Events
 * with Alt/Ctrl/Meta are left to the browser.
 */
export function useKeyMap(map: (event: KeyboardEvent) => Record<string, () => unknown> | undefined, deps: readonly unknown[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const run = map(event)?.[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what `map` depends on
  }, deps);
}

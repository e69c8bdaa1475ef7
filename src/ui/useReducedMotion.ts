import { useMediaQuery } from './useMediaQuery';

/** True when the user asked the system for less motion: the player then steps without moving the packet. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

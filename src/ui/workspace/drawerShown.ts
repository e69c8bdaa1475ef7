/**
 * Whether the drawer a panel sits in is open (true outside a drawer). A
 * drawer keeps its panels mounted when closed (forms keep their state), so a
 * panel that asks the worker for something large asks only while shown.
 */
import { createContext, useContext, useEffect } from 'react';
import { useInsightActions } from '../../state/hooks';

export const DrawerShown = createContext(true);

/** Keeps the readiness findings, the runbook and the IPAM view asked for while the calling panel is shown. */
export function useInsightWhileShown(): void {
  const shown = useContext(DrawerShown);
  const insight = useInsightActions();
  useEffect(() => (shown ? insight.watch() : undefined), [shown, insight]);
}

/** React context carrying the app state; `main.tsx` provides it, hooks read it. */
import { createContext } from 'react';
import type { AppState } from './appState';

export const AppStateContext = createContext<AppState | null>(null);

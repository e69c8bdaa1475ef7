/**
 * The app state over the real engine, in-process (tests only): the same
 * stores, actions and classroom the page builds, a worker client running
 * `createEngineApi` behind a MessageChannel, drafts in memory.
 */
import { inProcessClient } from '../../worker/testing/inProcess.worker';
import type { EngineClient } from '../../worker/client';
import type { AppState, AppStateOptions } from '../appState';
import type { Classroom } from '../classroom/classroom';
import { createApp } from '../wiring';
import type { ViewerSettings } from '../classroom/shareActions';
import { memoryDraftStore } from '../whatIf/drafts';

export interface TestApp {
  app: AppState;
  classroom: Classroom;
  client: EngineClient;
  drafts: ReturnType<typeof memoryDraftStore>;
  settings: { language: 'en' | 'ru'; theme: 'light' | 'dark' | 'auto' };
  dispose(): void;
}

export function testApp(options: AppStateOptions & { client?: EngineClient; drafts?: ReturnType<typeof memoryDraftStore> } = {}): TestApp {
  const client = options.client ?? inProcessClient();
  const second = inProcessClient();
  const drafts = options.drafts ?? memoryDraftStore();
  const settings = { language: 'en' as 'en' | 'ru', theme: 'light' as 'light' | 'dark' | 'auto' };
  const viewer: ViewerSettings = {
    language: () => settings.language,
    setLanguage: (l) => (settings.language = l),
    theme: () => settings.theme,
    setTheme: (t) => (settings.theme = t),
  };
  const { state: app, classroom } = createApp(client, viewer, { compareClient: () => second, legacyStorage: undefined, ...options, drafts });
  return {
    app,
    classroom,
    client,
    drafts,
    settings,
    dispose() {
      client.dispose();
      second.dispose();
    },
  };
}

/** Waits until `check` holds (the stores follow worker answers asynchronously). */
export async function until(check: () => boolean, what: string, ms = 8000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 10) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

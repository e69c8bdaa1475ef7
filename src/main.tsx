/**
 * The composition root: language, engine worker client, app state, React.
 * The main thread never runs engine code; it only talks to the worker.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n, pickLanguage } from './i18n';
import './index.css';
import { createAppState } from './state/appState';
import { AppStateContext } from './state/AppStateContext';
import { createClassroom } from './state/classroom/classroom';
import { ClassroomContext } from './state/classroomHooks';
import { Root } from './ui/share/Root';
import { bootClassroom } from './ui/share/boot';
import { createViewerSettings } from './ui/share/viewer';
import { readStoredLanguage } from './ui/languageStorage';
import { createEngineClient } from './worker/client';
import { spawnEngineWorker } from './worker/spawnEngineWorker';

const language = pickLanguage(readStoredLanguage(), navigator.languages);
const i18n = createI18n(language);
document.documentElement.lang = language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

// A second worker compiles the compared scenario for side by side, when first used.
const mainClient = createEngineClient(spawnEngineWorker);
const appState = createAppState(mainClient, { compareClient: () => createEngineClient(spawnEngineWorker) });
// Share links, embed and presentation modes, lessons.
const classroom = createClassroom(mainClient, appState, createViewerSettings(i18n));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <AppStateContext.Provider value={appState}>
        <ClassroomContext.Provider value={classroom}>
          <Root />
        </ClassroomContext.Provider>
      </AppStateContext.Provider>
    </I18nextProvider>
  </StrictMode>,
);

// Share links are decoded in the worker: an untrusted link never costs the main thread.
void bootClassroom(appState, classroom, async (href) => {
  const answer = await mainClient.decodeShareUrl(href);
  return answer.kind === 'ok' ? answer.value : { error: { code: 'corrupt', message: answer.kind === 'error' ? answer.message : 'the link could not be read' } };
});

/**
 * The composition root: language, engine worker client, app state, React.
 * The main thread never runs engine code; it only talks to the worker.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createLazyI18n, pickLanguage } from './i18n/lazy';
import './index.css';
import { DeferredStores } from './state/deferredStores';
import { AppContext } from './state/hooks';
import { createApp } from './state/wiring';
import { Root } from './ui/share/Root';
import { bootClassroom } from './ui/share/boot';
import { createViewerSettings } from './ui/share/viewer';
import { readStoredLanguage } from './ui/languageStorage';
import { createEngineClient } from './worker/client';
import { spawnEngineWorker } from './worker/spawnEngineWorker';

// The worker starts loading while the language's catalogue downloads.
const mainClient = createEngineClient(spawnEngineWorker);
const language = pickLanguage(readStoredLanguage(), navigator.languages);
const i18n = await createLazyI18n(language);
document.documentElement.lang = language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

// A second worker compiles the compared scenario for side by side, when first used.
// The app state, with share links, embed and presentation modes and lessons over it.
const app = createApp(mainClient, createViewerSettings(i18n), { compareClient: () => createEngineClient(spawnEngineWorker) });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <AppContext.Provider value={app}>
        <DeferredStores app={app}>
          <Root />
        </DeferredStores>
      </AppContext.Provider>
    </I18nextProvider>
  </StrictMode>,
);

// Share links are decoded in the worker: an untrusted link never costs the main thread.
void bootClassroom(app.state, app.classroom, async (href) => {
  const answer = await mainClient.decodeShareUrl(href);
  return answer.kind === 'ok' ? answer.value : { error: { code: 'corrupt', message: answer.kind === 'error' ? answer.message : 'the link could not be read' } };
});

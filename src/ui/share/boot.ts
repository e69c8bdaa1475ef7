/**
 * Starting the page: with a share link in the address (`#share=…`), open that
 * view; a link that cannot be decoded (tampered, cut, another version) opens
 * the default view with a message. Later `#share=` changes (a link pasted
 * into the same tab) open too.
 */
import { decodeShareUrl } from '../../share/codec';
import type { AppState } from '../../state/appState';
import type { Classroom } from '../../state/classroom';

async function openFromUrl(app: AppState, classroom: Classroom, first: boolean): Promise<void> {
  const decoded = decodeShareUrl(window.location.href);
  const { classroom: store } = classroom.stores;
  if (!decoded) {
    if (first) await app.actions.start();
    return;
  }
  if ('error' in decoded) {
    store.setState({ notice: { code: decoded.error.code, message: decoded.error.message } });
    if (first) await app.actions.start();
    return;
  }
  if (first) {
    store.setState({ opening: true, ...(decoded.state.embed ? { mode: 'embed' as const } : {}) });
    await classroom.loadPresets();
  }
  const opened = await classroom.share.open(decoded.state);
  if (opened && decoded.state.lesson) classroom.lessons.resume(decoded.state.lesson.id, decoded.state.lesson.step);
  if (!opened && app.stores.scenario.getState().status !== 'ready') await app.actions.selectPreset(app.stores.scenario.getState().presets[0]?.name ?? 'k8s-lab');
}

export function bootClassroom(app: AppState, classroom: Classroom): Promise<void> {
  window.addEventListener('hashchange', () => void openFromUrl(app, classroom, false));
  return openFromUrl(app, classroom, true);
}

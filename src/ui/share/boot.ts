/**
 * Starting the page: with a share link in the address (`#share=…`), open that
 * view; a link that cannot be decoded (tampered, cut, another version) opens
 * the default view with a message. Later `#share=` changes (a link pasted
 * into the same tab) open too.
 */
import type { DecodeResult } from '../../share/codec';
import { SHARE_PARAM } from '../../share/shareParam';
import type { AppState } from '../../state/appState';
import type { Classroom } from '../../state/classroom/classroom';

/** The share state in the address, decoded in the engine worker (a link is untrusted and may be built to unpack slowly). */
async function decodeAddress(decode: ShareDecoder): Promise<DecodeResult | undefined> {
  if (!new URLSearchParams(window.location.hash.replace(/^#/, '')).has(SHARE_PARAM)) return undefined;
  return decode(window.location.href);
}

/** Decodes a page address in the engine worker (EngineClient.decodeShareUrl). */
export type ShareDecoder = (href: string) => Promise<DecodeResult | undefined>;

async function openFromUrl(app: AppState, classroom: Classroom, decode: ShareDecoder, first: boolean): Promise<void> {
  const decoded = await decodeAddress(decode);
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
    await app.actions.loadPresets();
  }
  const opened = await classroom.share.open(decoded.state);
  if (opened && decoded.state.lesson) await classroom.lessons.resume(decoded.state.lesson.id, decoded.state.lesson.step);
  if (!opened && app.stores.scenario.getState().status !== 'ready') await app.whatIf.restore();
}

export function bootClassroom(app: AppState, classroom: Classroom, decode: ShareDecoder): Promise<void> {
  window.addEventListener('hashchange', () => void openFromUrl(app, classroom, decode, false));
  // A change made on top of a shared view is the user's draft now: drop the link from the address,
  // so a reload shows the draft instead of the link as it was.
  app.stores.whatIf.subscribe((s, prev) => {
    if (s.changes !== prev.changes && s.changes.length > 0 && new URLSearchParams(window.location.hash.replace(/^#/, '')).has(SHARE_PARAM)) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  });
  return openFromUrl(app, classroom, decode, true);
}

/** The flow and the current step as one line of text: the caption of exports, embeds and the presentation. */
import type { TFunction } from 'i18next';
import type { Trace } from '../../engine/index';
import type { PlayItem } from '../../state/trace/playback';
import { explainText, whereText } from '../../traceViews/stepText';

/** `TCP pod:demo/web (172.21.41.6) → svc:demo/hello (10.97.141.163:80)`. */
export function flowTitle(trace: Trace): string {
  const f = trace.flow;
  const port = f.dport !== undefined ? `:${f.dport}` : '';
  return `${f.proto.toUpperCase()} ${f.src.spec} (${f.src.ip}) → ${f.dst.spec} (${f.dst.ip}${port})`;
}

/** `Step 3 of 9 · vfp LB_DSR: <sentence>` for the step at `position` among `visible`. */
export function stepCaption(t: TFunction, items: readonly PlayItem[], visible: readonly number[], position: number): string {
  const item = items[position];
  if (!item) return '';
  const where = `${item.step.node ? `${item.step.node} · ` : ''}${whereText(item.step)}`;
  return t('classroom.export.stepCaption', { index: visible.indexOf(position) + 1, count: visible.length, where, text: explainText(t, item.step) });
}

/**
 * The inspector beside the drawing: the step's deciding rule and the packet's
 * headers, outermost first, each changed field as before → after (the page's
 * src/ui/inspector/HeaderStack.tsx, from the same headerViews).
 */
import type { TFunction } from 'i18next';
import type { Step } from '../../engine/index';
import { headerViews, type HeaderView } from '../../traceViews/headerDiff';
import type { Palette } from './palette';
import { FONT, fitText, wrapText } from './textFit';
import { el, text, title } from './xml';

export const INSPECTOR_W = 520;
const PAD = 16;
const ROW = 22;
const FIELD_SIZE = 15;
const NAME_W = 96;

function headerBox(view: HeaderView, x: number, y: number, pal: Palette, t: TFunction): { svg: string; h: number } {
  const w = INSPECTOR_W - 2 * PAD;
  const h = 30 + view.fields.length * ROW + 6;
  const paint = view.status === 'added' ? pal.added : { fill: pal.background, stroke: pal.edge };
  const heading = [view.kind.toUpperCase(), view.layer ? t(`inspector.layer.${view.layer}`) : '', view.status !== 'kept' ? t(`inspector.status.${view.status}`) : ''].filter(Boolean).join(' · ');
  const rows = view.fields.flatMap((f, i) => {
    const base = y + 30 + i * ROW + 16;
    const valueWidth = w - NAME_W - 24;
    const name = text(fitText(t(`inspector.field.${f.name}`, { defaultValue: f.name }), NAME_W - 8, FIELD_SIZE, 'mono'), { x: x + 12, y: base, 'font-family': FONT.mono, 'font-size': FIELD_SIZE, fill: pal.muted });
    // Values and rule text are identifiers (translate="no", as on the page), not prose.
    if (!f.changed) return [name, text(fitText(f.value, valueWidth, FIELD_SIZE, 'mono'), { x: x + 12 + NAME_W, y: base, translate: 'no', 'font-family': FONT.mono, 'font-size': FIELD_SIZE, fill: pal.text })];
    const before = fitText(f.before ?? '', valueWidth / 2 - 16, FIELD_SIZE, 'mono');
    const after = fitText(f.value, valueWidth / 2, FIELD_SIZE, 'mono');
    return [
      el('rect', { x: x + 8 + NAME_W, y: base - 16, width: valueWidth + 8, height: ROW - 1, rx: 3, fill: pal.changed }),
      name,
      text(
        [
          { content: before, attrs: { 'text-decoration': 'line-through' } },
          { content: ' → ' },
          { content: after, attrs: { 'font-weight': 'bold' } },
        ],
        { x: x + 12 + NAME_W, y: base, translate: 'no', 'font-family': FONT.mono, 'font-size': FIELD_SIZE, fill: '#0f172a', 'data-changed': 'true' },
      ),
    ];
  });
  const svg = el('g', { 'data-header': `${view.layer ? `${view.layer}-` : ''}${view.kind}` }, [
    el('rect', { x, y, width: w, height: h, rx: 6, fill: paint.fill, stroke: paint.stroke, 'stroke-width': 2, 'stroke-dasharray': view.status === 'removed' ? '6 4' : undefined }),
    text(heading, { x: x + 12, y: y + 21, 'font-family': FONT.sans, 'font-size': 16, 'font-weight': 'bold', fill: pal.text }),
    ...rows,
  ]);
  return { svg, h };
}

/** The inspector panel at (x, y); returns its markup and height. */
export function inspectorSvg(step: Step | undefined, x: number, y: number, pal: Palette, t: TFunction): { svg: string; h: number } {
  const parts: string[] = [];
  let at = y + PAD;
  const line = (content: string, size: number, fill: string, bold = false) => {
    at += size + 6;
    parts.push(text(content, { x: x + PAD, y: at, 'font-family': FONT.sans, 'font-size': size, 'font-weight': bold ? 'bold' : undefined, fill }));
  };
  if (step?.rule) {
    line(`${t('format.rule')}${step.rule.assumption ? ` (${t('inspector.assumption')})` : ''}`, 16, pal.text, true);
    const rule: string[] = [];
    for (const l of step.rule.text.split('\n').slice(0, 4).flatMap((r) => wrapText(r, INSPECTOR_W - 2 * PAD, 14, 'mono', 2))) {
      at += 18;
      rule.push(text(l, { x: x + PAD, y: at, 'font-family': FONT.mono, 'font-size': 14, fill: pal.muted }));
    }
    rule.push(title(step.rule.text));
    parts.push(el('g', { translate: 'no' }, rule));
    at += 10;
  }
  line(step && step.after.headers.length ? t('inspector.headers') : t('inspector.noHeaders'), 16, pal.text, true);
  at += 8;
  for (const view of step ? headerViews(step.before, step.after, step.changed) : []) {
    const box = headerBox(view, x + PAD, at, pal, t);
    parts.push(box.svg);
    at += box.h + 6;
  }
  return { svg: el('g', { 'data-part': 'inspector' }, parts), h: at - y + PAD };
}

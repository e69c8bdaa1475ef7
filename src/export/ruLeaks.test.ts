/**
 * Russian exports leak no English beyond identifiers (src/i18n/latinLeaks.ts):
 * every step of the lab flow as SVG with the inspector, and the Mermaid
 * diagram. Names from the scenario (elements, rules, header fields) are
 * identifiers and allowed.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../cli/i18n';
import { formatTraceMermaid } from '../traceViews/index';
import { createI18n } from '../i18n/index';
import { findLatinLeaks } from '../i18n/latinLeaks';
import { playItems, visiblePositions } from '../state/trace/playback';
import { renderDiagramSvg } from './svg/renderSvg';
import { labFlow } from './testing/labFlow';

const input = labFlow();
const items = playItems(input.trace, input.locations);
const steps = [...input.trace.steps, ...(input.trace.reply?.steps ?? [])];
const words = (s: string | undefined) => s?.match(/[A-Za-z][\w.-]*/g) ?? [];
/** Identifiers the data brings: element names, rule texts, tables, chains and layers, header field names. */
const names = new Set([
  ...input.topology.elements.flatMap((e) => [...words(e.label), ...words(e.detail)]),
  ...steps.flatMap((s) => [...words(s.rule?.text), ...words(s.at.table), ...words(s.at.chain), ...words(s.at.layer)]),
  ...steps.flatMap((s) => [...s.before.headers, ...s.after.headers].flatMap((h) => Object.keys(h))),
]);
const ENTITIES: Readonly<Record<string, string>> = { '&apos;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const svgText = (svg: string) => [...svg.matchAll(/<(?:text|tspan)[^>]*>([^<]*)/g)].map((m) => m[1]!.replace(/&\w+;/g, (e) => ENTITIES[e] ?? e)).join('\n');

describe('Russian exports', () => {
  it('the SVG of every step, with the inspector, has no English words', () => {
    const t = createI18n('ru').t;
    for (const at of visiblePositions(items, 'summary')) {
      const text = svgText(renderDiagramSvg(input, at, { t, language: 'ru', theme: 'light', inspector: true }));
      expect(text).toMatch(/Шаг \d+ из 20/);
      expect(findLatinLeaks(text, [...names]), `step ${at}`).toEqual([]);
    }
  });

  it('the Mermaid diagram has no English words outside the rules', () => {
    const md = formatTraceMermaid(input.trace, { t: translator('ru') });
    const prose = md.replace(/^```mermaid\nsequenceDiagram\n|```$/g, '').replace(/\bp\d+\b|->>|-x|participant| as |Note over|<br\/>/g, ' ');
    expect(findLatinLeaks(prose, [...names])).toEqual([]);
  });
});

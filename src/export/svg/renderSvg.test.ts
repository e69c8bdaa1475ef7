import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/index';
import { playItems, visiblePositions } from '../../state/trace/playback';
import { toolOrSkip } from '../../testing/tools';
import { labFlow } from '../testing/labFlow';
import { renderDiagramSvg, type SvgOptions } from './renderSvg';

const RSVG = toolOrSkip('rsvg-convert', 'librsvg2-bin');
const input = labFlow();
const items = playItems(input.trace, input.locations);
const visible = visiblePositions(items, 'summary');
const encap = items.findIndex((i) => i.step.at.layer === 'VNET_ENCAP_LAYER');
const options = (language: 'en' | 'ru', more: Partial<SvgOptions> = {}): SvgOptions => ({ t: createI18n(language).t, language, theme: 'light', inspector: false, ...more });

/** The document's text content (what a reader can search), without markup. */
const textOf = (svg: string) => [...svg.matchAll(/<(text|tspan)[^>]*>([^<]*)/g)].map((m) => m[2]).join(' ');

describe('vector SVG of a step', () => {
  it('draws the lab flow as shapes and text under 200 kB, with the flow’s addresses as text', () => {
    for (const inspector of [false, true]) {
      const svg = renderDiagramSvg(input, encap, options('en', { inspector }));
      expect(svg.length).toBeLessThan(200_000);
      expect(svg).not.toMatch(/foreignObject|<script|<html|<div| on[a-z]+=/i);
      const words = textOf(svg);
      for (const address of ['172.21.41.6', '10.97.141.163', '192.168.10.24']) expect(words).toContain(address);
      expect(words).toContain('Step 6 of 20');
    }
  });

  it('adds the inspector: the rule and every changed header field before → after', () => {
    const svg = renderDiagramSvg(input, encap, options('en', { inspector: true }));
    const step = items[encap]!.step;
    expect(step.changed.length).toBeGreaterThan(0);
    expect(svg.match(/data-changed="true"/g)?.length).toBe(step.changed.filter((c) => !/^(outer|inner)\./.test(c) || step.before.headers.some((h) => h.kind === 'vxlan')).length);
    expect(svg).toContain('data-header="outer-ipv4"');
    expect(textOf(svg)).toContain('Packet headers, outermost first');
  });

  it('speaks the current language', () => {
    const words = textOf(renderDiagramSvg(input, visible[3]!, options('ru', { inspector: true })));
    expect(words).toMatch(/Шаг 4 из 20/);
    expect(words).toContain('Заголовки пакета');
    expect(words).not.toMatch(/\bStep\b|explain\.|inspector\./);
  });

  it('writes names from data as text: no markup or event attribute can come from a label', () => {
    const evil = '<img src=x onerror="alert(1)">&</text><script>alert(2)</script>';
    const topology = { ...input.topology, elements: input.topology.elements.map((e) => (e.role === 'node' ? { ...e, label: evil, detail: `${e.detail}\u0007` } : e)) };
    const svg = renderDiagramSvg({ ...input, topology }, encap, options('en'));
    expect(svg).not.toMatch(/<img|<script| onerror="/);
    expect(svg).not.toContain(String.fromCharCode(7));
    expect(svg).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&lt;/text&gt;');
  });

  it('focus draws only the machines the flow touches and names the others', () => {
    const svg = renderDiagramSvg(input, encap, options('en', { focus: true }));
    expect(svg).not.toContain('data-element="node:k8s-lab-node-2"');
    expect(svg).toContain('data-element="node:k8s-lab-win-1"');
    expect(textOf(svg)).toContain('Not on this path: k8s-lab-master-1, k8s-lab-node-2');
  });

  it.skipIf(!RSVG)('renders in rsvg-convert (librsvg) in both themes and languages', () => {
    for (const [language, theme] of [['en', 'light'], ['ru', 'dark']] as const) {
      const svg = renderDiagramSvg(input, encap, options(language, { theme, inspector: true, width: 960 }));
      const png = execFileSync(RSVG!, ['--format', 'png'], { input: svg });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(960);
    }
  });
});

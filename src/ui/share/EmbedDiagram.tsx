/**
 * The embed's diagram: the vector drawing (src/export/svg) of the current
 * step, focused on the machines the flow touches (the others named on one
 * line), in the link's language and theme, shown through a window that
 * keeps its text at 12 px or more and follows the acting element.
 *
 * The markup is the renderer's own, where every string from data is escaped
 * and nothing active is written; it is parsed as SVG (not HTML) and put in
 * place as nodes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Topology, Trace, TraceLocations } from '../../engine/index';
import { renderDiagram } from '../../export/svg/renderSvg';
import type { Detail } from '../../state/trace/playback';
import { useTheme } from '../theme/useTheme';
import { embedViewBox } from './embedViewport';

interface Props {
  topology: Topology;
  trace: Trace;
  locations?: TraceLocations;
  detail: Detail;
  position: number;
}

export function EmbedDiagram({ topology, trace, locations, detail, position }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState({ w: 640, h: 280 });
  const language = i18n.resolvedLanguage ?? 'en';
  const diagram = useMemo(
    () => renderDiagram({ topology, trace, detail, ...(locations ? { locations } : {}) }, position, { t, language, theme, inspector: false, focus: true, bare: true }),
    [topology, trace, locations, detail, position, t, language, theme],
  );

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setFrame({ w: el.clientWidth, h: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || frame.w === 0 || frame.h === 0) return;
    const svg = new DOMParser().parseFromString(diagram.svg, 'image/svg+xml').documentElement;
    const v = embedViewBox(diagram, frame);
    svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    svg.setAttribute('width', String(frame.w));
    svg.setAttribute('height', String(frame.h));
    svg.setAttribute('aria-hidden', 'true');
    el.replaceChildren(document.importNode(svg, true));
  }, [diagram, frame]);

  return <div ref={box} className="h-full w-full overflow-hidden" data-testid="topology" role="figure" aria-label={t('topology.label')} />;
}

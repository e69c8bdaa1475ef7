/**
 * A node's state views as the page draws them (issue 18: the page never
 * holds what grows with the cluster). At 1,000 nodes a Linux node's routes,
 * neighbours, FDB and nftables are about 1,000 lines each and a Windows
 * node's VFP rules 100,000 lines (14 MB): sent whole, they cost the main
 * thread its deserialisation and a layout of every line. A view up to
 * WHOLE_VIEW_LINES lines is sent whole (every preset's views are); a longer
 * one as its first HEAD_LINES lines and each line the trace used with
 * CONTEXT_LINES around it, the rest as gaps the page asks for a page
 * (LINES_PAGE) at a time.
 */
import { nodeStateViews, type CompiledCluster, type NodeStateView } from '../engine/index';
import { isMarked, markLine, type MarkedLine } from '../traceViews/viewMarks';
import type { NodeViewPage, ViewMarks, ViewPart } from './api';

/** Views up to this many lines are sent whole: the lab's longest (a Windows node's VFP rules, 613 lines) is. */
export const WHOLE_VIEW_LINES = 700;
/** A longer view starts with this many lines, as `ip route | head` would. */
export const HEAD_LINES = 100;
/** Lines sent before and after each marked line of a longer view. */
export const CONTEXT_LINES = 3;
/** The most lines one `lines` answer carries. */
export const LINES_PAGE = 500;
/** Nodes whose split views are kept (the node shown, the one before, a few opened). */
const NODES_KEPT = 4;

interface SplitView {
  view: NodeStateView;
  lines: string[];
}

export interface NodeViewPager {
  /** The node's views, each whole or windowed around its marked lines; [] for an unknown node. */
  pages(node: string, marks: ViewMarks): NodeViewPage[];
  /** Up to LINES_PAGE lines of one view from line `from` (0-based), marked; [] for an unknown node, view or range. */
  lines(node: string, viewId: string, from: number, count: number, marks: ViewMarks): MarkedLine[];
}

const marked = (line: string, id: string | undefined, marks: ViewMarks): MarkedLine => markLine(line, id, marks.used, marks.produced);

/** The [from, to) ranges of a long view's lines to send: its head and each marked line's neighbourhood, merged. */
function keptRanges({ view, lines }: SplitView, marks: ViewMarks): [number, number][] {
  const ranges: [number, number][] = [[0, Math.min(HEAD_LINES, lines.length)]];
  for (let i = 0; i < lines.length; i++) {
    const id = view.lineIds?.[i];
    if (!isMarked(marks.used, lines[i]!, id) && !isMarked(marks.produced, lines[i]!, id)) continue;
    const from = Math.max(0, i - CONTEXT_LINES);
    const to = Math.min(lines.length, i + CONTEXT_LINES + 1);
    const last = ranges.at(-1)!;
    if (from <= last[1]) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  return ranges;
}

function pageOf(split: SplitView, marks: ViewMarks): NodeViewPage {
  const { view, lines } = split;
  const head = { id: view.id, title: view.title, ...(view.notes ? { notes: view.notes } : {}), lineCount: lines.length };
  const slice = (from: number, to: number): ViewPart => ({ kind: 'lines', from, lines: lines.slice(from, to).map((l, k) => marked(l, view.lineIds?.[from + k], marks)) });
  if (lines.length <= WHOLE_VIEW_LINES) return { ...head, parts: [slice(0, lines.length)] };
  const parts: ViewPart[] = [];
  let at = 0;
  for (const [from, to] of keptRanges(split, marks)) {
    if (from > at) parts.push({ kind: 'gap', from: at, count: from - at });
    parts.push(slice(from, to));
    at = to;
  }
  if (at < lines.length) parts.push({ kind: 'gap', from: at, count: lines.length - at });
  return { ...head, parts };
}

/** Pages the state views of `cluster`'s nodes; the views of the last few nodes asked are kept split into lines. */
export function nodeViewPager(cluster: CompiledCluster): NodeViewPager {
  const kept = new Map<string, SplitView[]>();
  const viewsOf = (node: string): SplitView[] => {
    let views = kept.get(node);
    if (!views) {
      views = cluster.scenario.nodes.some((n) => n.name === node) ? nodeStateViews(cluster, node).map((view) => ({ view, lines: view.text.split('\n') })) : [];
      if (kept.size >= NODES_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.delete(node);
    kept.set(node, views);
    return views;
  };
  return {
    pages: (node, marks) => viewsOf(node).map((v) => pageOf(v, marks)),
    lines(node, viewId, from, count, marks) {
      const split = viewsOf(node).find((v) => v.view.id === viewId);
      if (!split || !Number.isInteger(from) || !Number.isInteger(count) || from < 0) return [];
      const to = Math.min(split.lines.length, from + Math.max(0, Math.min(count, LINES_PAGE)));
      return split.lines.slice(from, to).map((l, k) => marked(l, split.view.lineIds?.[from + k], marks));
    },
  };
}

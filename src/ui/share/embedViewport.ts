/**
 * Which part of the drawing a small frame (the embed) shows: the whole
 * drawing when it fits with its smallest text at `minScale` or more, else a
 * window at that scale centred on the element the step acts on (kept inside
 * the drawing), so text never shrinks below the drawing's smallest size
 * (12 units: 12 px at scale 1).
 */
export interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function embedViewBox(drawing: { width: number; height: number; active?: ViewBox }, frame: { w: number; h: number }, minScale = 1): ViewBox {
  const scale = Math.max(Math.min(frame.w / drawing.width, frame.h / drawing.height), minScale);
  const w = frame.w / scale;
  const h = frame.h / scale;
  const focus = drawing.active ?? { x: 0, y: 0, w: drawing.width, h: drawing.height };
  const place = (centre: number, size: number, total: number) => (size >= total ? (total - size) / 2 : Math.min(Math.max(centre - size / 2, 0), total - size));
  return { x: place(focus.x + focus.w / 2, w, drawing.width), y: place(focus.y + focus.h / 2, h, drawing.height), w, h };
}

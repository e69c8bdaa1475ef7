/**
 * Vector frames to pixels: the browser draws the SVG (an `<img>` of a blob:
 * URL, which runs no script whatever the file holds) onto a canvas at the
 * SVG's own width and height. No DOM capture: every raster export (PNG,
 * GIF, slides, WebM) is made from the vector drawing.
 */

/** The `width`/`height` the renderer wrote on the root element. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1]);
  if (!(width > 0 && height > 0)) throw new Error('the SVG has no size');
  return { width: Math.round(width), height: Math.round(height) };
}

/** The SVG as a decoded image, ready to draw. */
export async function svgImage(svg: string): Promise<HTMLImageElement> {
  const { width, height } = svgSize(svg);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image(width, height);
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function svgToCanvas(svg: string, canvas: HTMLCanvasElement = document.createElement('canvas')): Promise<HTMLCanvasElement> {
  const img = await svgImage(svg);
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.drawImage(img, 0, 0, img.width, img.height);
  return canvas;
}

export function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no image'))), type));
}

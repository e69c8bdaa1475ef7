/** The `<iframe>` snippet for an embed link: 640×360 by default, titled with the flow, no border, lazy. */
export function embedCode(url: string, title: string, width = 640, height = 360): string {
  const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<iframe src="${attr(url)}" width="${width}" height="${height}" title="${attr(title)}" style="border:0" loading="lazy"></iframe>`;
}

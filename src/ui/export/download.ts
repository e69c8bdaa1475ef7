/** Saves a Blob as a file through a temporary `<a download>` (no server, works offline). */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name part from free text: `TCP pod:demo/web → svc:demo/hello` → `tcp-pod-demo-web-svc-demo-hello`. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\([^)]*\)/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'trace'
  );
}

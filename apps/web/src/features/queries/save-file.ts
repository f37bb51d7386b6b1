/** Hands a file to the browser's download (the only way a page can write a file). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name a Content-Disposition header carries: the UTF-8 `filename*` first, else `filename`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name ? name : null;
}

/** A file name from a title: safe characters only, the fallback when nothing is left. */
export function filenameFor(title: string | null | undefined, extension: string, fallback = 'query'): string {
  const base = (title ?? '')
    .replace(/[^\p{L}\p{N}_ -]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 100);
  return `${base || fallback}.${extension}`;
}

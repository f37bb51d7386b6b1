import type { ExportFormat } from '@querent/contracts';

/** `2026-11-05T14:03:09.123Z` → `20261105-140309`: sorts by time and is safe in any file system. */
function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** The file name: the query's title (or "query") and the export time. */
export function exportFilename(title: string | null, format: ExportFormat, now = new Date()): string {
  // Path separators, quotes and control characters have no place in a downloaded file's name.
  const cleaned = (title ?? '')
    .replace(/[\p{Cc}/\\"<>:|?*]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-');
  const base = cleaned.slice(0, 100) || 'query';
  return `${base}-${stamp(now)}.${format}`;
}

/**
 * Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987), so a
 * title in any script survives while old clients still get a usable name.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const exportContentTypes: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

import type { Api } from '../../api/create-api.ts';
import type { ExportFormat } from '../../api/query-types.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { NO_PROGRESS, notify, STICKY, useNotificationsStore } from '../../stores/notifications-store.ts';
import { filenameFor, filenameFromDisposition, saveFile } from './save-file.ts';

/** What to export: a query with a record (saved or from the history) by id, or SQL as typed. */
export type ExportSource = { queryId: string } | { sql: string; databaseId: string };

export interface ExportRequest {
  source: ExportSource;
  format: ExportFormat;
  title?: string | null;
  /** Rows the result is known to have (from the last run), so progress can show a percentage. */
  expectedRows?: number | null;
}

export interface ExportOutcome {
  filename: string;
  bytes: number;
  /** Data rows counted in a CSV (null for XLSX, whose rows are not countable while it streams). */
  rows: number | null;
  /** The server stopped at its export row limit. */
  truncated: boolean;
}

const PROGRESS_EVERY_MS = 250;
const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const rowFormat = new Intl.NumberFormat('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} kB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

function countNewlines(chunk: Uint8Array): number {
  let lines = 0;
  for (const byte of chunk) if (byte === 10) lines += 1;
  return lines;
}

/**
 * Downloads the whole result as CSV or XLSX (not just the rows on screen). The body is read as it
 * streams so a notification can show how far it got: rows and size for CSV (a percentage when
 * the row count is known), size for XLSX. The file is handed to the browser at the end; a CSV
 * that ends with the server's `# Truncated:` line is reported as cut at the export limit.
 */
export async function downloadExport(
  api: Pick<Api, 'queries'>,
  request: ExportRequest,
  save: (blob: Blob, filename: string) => void = saveFile,
): Promise<ExportOutcome | null> {
  const { format } = request;
  const label = format.toUpperCase();
  const store = useNotificationsStore.getState();
  const known = request.expectedRows ?? null;
  const id = notify({
    group: 'export',
    type: 'info',
    title: `Exporting ${label}…`,
    text: 'Starting the export',
    timeout: STICKY,
    dismissible: false,
    progress: known ? 0 : NO_PROGRESS,
  });
  const update = (patch: Parameters<typeof store.update>[1]) => {
    if (id) store.update(id, patch);
  };

  try {
    const response =
      'queryId' in request.source
        ? await api.queries.exportSaved(request.source.queryId, format)
        : await api.queries.exportSql({
            query: request.source.sql,
            databaseId: request.source.databaseId,
            format,
          });
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let bytes = 0;
    let lines = 0;
    let shownAt = 0;
    const reader = response.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      if (format === 'csv') lines += countNewlines(value);
      const now = Date.now();
      if (now - shownAt >= PROGRESS_EVERY_MS) {
        shownAt = now;
        const rows = Math.max(0, lines - 1);
        update({
          text:
            format === 'csv' ? `${rowFormat.format(rows)} rows · ${formatBytes(bytes)}` : formatBytes(bytes),
          ...(known && format === 'csv' ? { progress: Math.min(99, Math.round((rows / known) * 100)) } : {}),
        });
      }
    }

    const blob = new Blob(chunks, {
      type: response.headers.get('content-type') ?? 'application/octet-stream',
    });
    const filename =
      filenameFromDisposition(response.headers.get('content-disposition')) ??
      filenameFor(request.title, format);
    const tail = format === 'csv' ? await blob.slice(Math.max(0, blob.size - 512)).text() : '';
    const truncated = /(^|\n)# Truncated:/.test(tail);
    // The header line and the closing `# Truncated:` line are not data rows.
    const rows = format === 'csv' ? Math.max(0, lines - 1 - (truncated ? 1 : 0)) : null;
    save(blob, filename);

    update({
      type: 'success',
      title: truncated ? `${label} export stopped at the row limit` : `${label} export ready`,
      text: `${filename} · ${rows === null ? '' : `${rowFormat.format(rows)} rows · `}${formatBytes(bytes)}`,
      progress: NO_PROGRESS,
      dismissible: true,
      timeout: truncated ? STICKY : 5000,
    });
    return { filename, bytes, rows, truncated };
  } catch (error) {
    update({
      type: 'error',
      title: `${label} export failed`,
      text: errorMessage(error),
      progress: NO_PROGRESS,
      dismissible: true,
      timeout: STICKY,
    });
    if (!id)
      notify({ group: 'export', type: 'error', title: `${label} export failed`, text: errorMessage(error) });
    return null;
  }
}

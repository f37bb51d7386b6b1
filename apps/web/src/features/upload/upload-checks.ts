/*
 * The checks the server makes, made before a byte is sent and worded the same way
 * (apps/server/src/modules/uploads/file-kind.ts and upload-errors.ts).
 */

export const acceptedExtensions = ['.csv', '.tsv', '.json', '.ndjson', '.parquet', '.xlsx'] as const;
// The server also takes these spellings of the same formats.
const alsoAccepted = ['.tab', '.jsonl'];

/** For the file input's `accept`. */
export const acceptAttribute = acceptedExtensions.join(',');

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit] ?? 'bytes'}`;
}

/** Why the file cannot be uploaded, or null when it may be sent. */
export function checkFile(file: Pick<File, 'name' | 'size'>, maxBytes: number | null): string | null {
  const extension = extensionOf(file.name);
  if (![...acceptedExtensions, ...alsoAccepted].includes(extension)) {
    const shown = extension === '' ? 'a file without an extension' : extension;
    return `Unsupported file type: ${shown} — upload CSV, TSV, JSON, Parquet or XLSX`;
  }
  if (file.size === 0) return `${file.name} is empty`;
  if (maxBytes !== null && file.size > maxBytes) {
    return `${file.name} is larger than the upload limit of ${formatBytes(maxBytes)}`;
  }
  return null;
}

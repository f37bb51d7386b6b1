import type { JsonValue, ResultColumn, ResultRow } from '../../connectors/index.ts';

/*
 * RFC 4180 CSV: CRLF line ends; a field is quoted when it holds a comma, a double quote, CR or
 * LF, and its quotes are doubled. NULL is an empty field and the empty string a quoted empty
 * field (""), so the two stay apart, as PostgreSQL's own CSV does. Values arrive already
 * JSON-safe from the connector: dates and timestamps as the ISO 8601 text the connector gives,
 * JSON and arrays as JSON text.
 */

const needsQuotes = /[",\r\n]/;
const quote = /"/g;

function quoted(text: string): string {
  return needsQuotes.test(text) ? `"${text.replace(quote, '""')}"` : text;
}

export function csvField(value: JsonValue | undefined): string {
  switch (typeof value) {
    case 'string':
      return value === '' ? '""' : quoted(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'undefined':
      return '';
    default:
      return value === null ? '' : quoted(JSON.stringify(value));
  }
}

export const csvLineEnd = '\r\n';

/** The last line of a cut file; see csvBody for why the notice is in the file. */
export function truncatedCsvLine(limit: number): string {
  return `# Truncated: the result has more rows; this file holds the first ${limit} (EXPORT_MAX_ROWS)${csvLineEnd}`;
}

export function csvHeader(columns: readonly ResultColumn[]): string {
  return columns.map((column) => csvField(column.name)).join(',') + csvLineEnd;
}

/**
 * One batch of rows as CSV text; a batch at a time keeps writes few and memory bounded. The
 * common cases (numbers, booleans, plain strings) are inlined: this loop runs for every cell of
 * a million-row export.
 */
export function csvRows(rows: readonly ResultRow[], columns: readonly ResultColumn[]): string {
  const width = columns.length;
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < width; index++) {
      if (index > 0) text += ',';
      const value = row[index];
      if (typeof value === 'number' || typeof value === 'boolean') text += String(value);
      else if (typeof value === 'string' && value !== '' && !needsQuotes.test(value)) text += value;
      else text += csvField(value);
    }
    text += csvLineEnd;
  }
  return text;
}

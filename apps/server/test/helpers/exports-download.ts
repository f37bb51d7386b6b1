import http from 'node:http';

/*
 * Test-only helpers of the export suites (not a suite itself): a download over node:http, which,
 * unlike fetch, exposes HTTP trailers and tells a complete response from a cut one, and a small
 * RFC 4180 reader to check the CSV with.
 */

export interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  trailers: NodeJS.Dict<string>;
  body: Buffer;
  /** The response ended normally (not cut by the server). */
  complete: boolean;
}

export function download(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Download> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let complete = false;
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          complete = true;
        });
        response.on('close', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            trailers: response.trailers,
            body: Buffer.concat(chunks),
            complete: complete && response.complete,
          });
        });
        response.on('error', () => undefined);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Parses RFC 4180 CSV; a quoted empty field is '' and an unquoted empty field is null. */
export function parseCsv(text: string): (string | null)[][] {
  const records: (string | null)[][] = [];
  let record: (string | null)[] = [];
  let index = 0;
  const length = text.length;
  while (index < length) {
    let field: string | null;
    if (text[index] === '"') {
      let value = '';
      index++;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) throw new Error('Unterminated quoted field');
        value += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      field = value;
    } else {
      let end = index;
      while (end < length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') end++;
      field = end === index ? null : text.slice(index, end);
      index = end;
    }
    record.push(field);
    if (text[index] === ',') {
      index++;
      continue;
    }
    if (text.startsWith('\r\n', index)) index += 2;
    else if (index < length)
      throw new Error(`Expected CRLF at ${index}, found ${JSON.stringify(text[index])}`);
    records.push(record);
    record = [];
  }
  return records;
}

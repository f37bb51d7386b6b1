import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  /** Every status line heard, interim ones (100 Continue) included, in order. */
  statuses: number[];
  /** The final answer's body. */
  body: string;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

const headEnd = '\r\n\r\n';

/** Splits what was heard into status lines and the final answer's body, once that answer is whole. */
function readAnswer(text: string): { statuses: number[]; body: string } | null {
  const statuses: number[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf(headEnd);
    if (end === -1) return null;
    const head = rest.slice(0, end);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? Number.NaN);
    statuses.push(status);
    rest = rest.slice(end + headEnd.length);
    if (status >= 200) {
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      return Buffer.byteLength(rest) >= length ? { statuses, body: rest } : null;
    }
  }
}

/**
 * A client on a bare TCP socket: sends a request's head and only the first `bodyAfterContinue`
 * bytes of its body once the server says 100 Continue (never otherwise), then reads the answer.
 * This is how to see whether a server refuses a body before it is sent.
 */
export function sendHead(
  port: number,
  head: { method: string; path: string; headers: Record<string, string> },
  options: { bodyAfterContinue?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const lines = [`${head.method} ${head.path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(head.headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const timeoutMs = options.timeoutMs ?? 5000;
    let heard = '';
    let answer: { statuses: number[]; body: string } | null = null;
    let continued = false;
    let settled = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No whole answer within ${timeoutMs} ms; heard: ${heard.slice(0, 500)}`));
    }, timeoutMs);
    const finish = (closed: boolean) => {
      if (answer === null || settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...answer, closed });
    };
    socket.on('data', (chunk) => {
      heard += chunk.toString('utf8');
      if (!continued && heard.startsWith('HTTP/1.1 100 ') && options.bodyAfterContinue !== undefined) {
        continued = true;
        socket.write(options.bodyAfterContinue);
      }
      if (answer !== null) return;
      answer = readAnswer(heard);
      // A server that closes after answering ends the stream within a moment; a keep-alive one does not.
      if (answer !== null) setTimeout(() => finish(false), 300);
    });
    const closed = () => {
      if (answer !== null) finish(true);
      else if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(new Error(`Closed without a whole answer; heard: ${heard.slice(0, 500)}`));
      }
    };
    socket.on('end', closed);
    socket.on('error', closed);
    socket.write(`${lines.join('\r\n')}${headEnd}`);
  });
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One request through node:http, which (unlike fetch) sends a path exactly as given, dots and
 * stray percent signs included. Resolves with the answer, or rejects if none comes in `timeoutMs`.
 */
export function httpRequest(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; body?: Buffer },
  options: { agent?: http.Agent; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        // Node frames a GET or DELETE body only when told its length.
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(request.body.length) },
        ...(options.agent ? { agent: options.agent } : {}),
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`No answer within ${options.timeoutMs ?? 30_000} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Writes `text` as it is to a bare connection and reads everything the server says until it
 * closes the connection or `quietMs` pass without a word.
 */
export function sendRaw(port: number, text: string | Buffer, quietMs = 500): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let heard = '';
    let timer = setTimeout(() => socket.destroy(), quietMs * 4);
    socket.on('data', (chunk) => {
      heard += chunk.toString('utf8');
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), quietMs);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(heard);
    });
    socket.write(text);
  });
}

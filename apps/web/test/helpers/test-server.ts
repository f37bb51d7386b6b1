import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** A non-JSON answer (a file download), sent as is with these headers. */
  raw?: { body: string | Buffer; headers: Record<string, string> };
}

export type Responder = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces or adds the answer for "METHOD /path". */
  on: (route: string, responder: Responder) => void;
  count: (route: string) => number;
  /** The requests received for one method and path, in order. */
  requestsTo: (method: string, path: string) => RecordedRequest[];
  close: () => Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function send(response: ServerResponse, reply: Reply): void {
  const status = reply.status ?? 200;
  if (reply.raw) {
    response.writeHead(status, reply.raw.headers).end(reply.raw.body);
    return;
  }
  if (reply.body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
}

/**
 * A real HTTP server on a free port answering "METHOD /path" routes, so client code is tested over
 * the wire instead of against a mocked fetch. Unknown routes get the API's 404 error shape.
 */
export async function startTestServer(routes: Record<string, Responder> = {}): Promise<TestServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: await readJson(request),
      };
      requests.push(recorded);
      const responder = table.get(`${recorded.method} ${recorded.path}`);
      const reply: Reply = !responder
        ? {
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: `No route ${recorded.method} ${recorded.path}` } },
          }
        : typeof responder === 'function'
          ? await responder(recorded)
          : responder;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      send(response, reply);
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (route, responder) => table.set(route, responder),
    count: (route) => requests.filter((request) => `${request.method} ${request.path}` === route).length,
    requestsTo: (method, path) =>
      requests.filter((request) => request.method === method && request.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

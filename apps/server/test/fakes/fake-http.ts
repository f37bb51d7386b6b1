import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';

export type Handler = (request: IncomingMessage, url: URL, body: Buffer) => Promise<Reply> | Reply;

export interface Reply {
  status?: number;
  /** A JSON body; `text` sends a raw body instead. */
  json?: unknown;
  text?: string;
}

/** A node:http server on a localhost port, answering through one handler; closing drops kept-alive sockets. */
export class FakeHttpServer {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  url = '';

  constructor(handler: Handler) {
    this.#server = createServer((request, response) => {
      void respond(handler, request, response);
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  /** Port 0 (the default) takes a free port; a fixed one is for a server started before the fakes (e2e). */
  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

async function respond(handler: Handler, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let reply: Reply;
  try {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    reply = await handler(request, url, await readBody(request));
  } catch (error) {
    reply = { status: 500, text: error instanceof Error ? error.message : String(error) };
  }
  if (response.destroyed) return;
  const isJson = reply.json !== undefined;
  response.writeHead(reply.status ?? 200, {
    'Content-Type': isJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
  });
  response.end(isJson ? JSON.stringify(reply.json) : (reply.text ?? ''));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const body = Buffer.concat(parts);
  return request.headers['content-encoding'] === 'gzip' && body.length > 0 ? gunzipSync(body) : body;
}

/** Parses a JSON request body; an empty body is an empty object. */
export function jsonBody(body: Buffer): Record<string, unknown> {
  return body.length === 0 ? {} : (JSON.parse(body.toString('utf8')) as Record<string, unknown>);
}

/**
 * Settles when `done` resolves or `ms` pass, whichever comes first: a long poll, the way both
 * services hold a request open while a statement runs.
 */
export function waitAtMost(done: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void done.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A promise with its resolver, for statements that end later (slow queries, cancels). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

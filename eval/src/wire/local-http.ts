import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A node:http server on a free port of 127.0.0.1, answering each request through one handler. */

export interface WireReply {
  status: number;
  contentType: string;
  body: string;
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

export type WireHandler = (request: IncomingMessage, body: string) => Promise<WireReply> | WireReply;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLocalServer(handler: WireHandler): Promise<LocalServer> {
  const server = createServer((request, response) => {
    void (async () => {
      let reply: WireReply;
      try {
        reply = await handler(request, await readBody(request));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        reply = {
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message } }),
        };
      }
      response.writeHead(reply.status, { 'content-type': reply.contentType });
      response.end(reply.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

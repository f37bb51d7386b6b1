import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Replays recorded wire exchanges of a model provider: each request gets the next recorded
 * response of the case being played, written back in the provider's own protocol (server-sent
 * events named by their `type`, as OpenAI's Responses API and Anthropic's Messages API stream
 * them). The requests are kept, parsed, for a suite to assert what Querent sent.
 */

export interface RecordedResponse {
  status: number;
  /** Server-sent events, each sent as `event: <type>` and `data: <the event as JSON>`. */
  events?: Record<string, unknown>[];
  /** A plain JSON body instead (an error). */
  json?: unknown;
}

export interface RecordedExchange {
  /** The path the request went to. */
  path: string;
  response: RecordedResponse;
}

/** A fixture file: named cases, each the exchanges of one conversation turn, in order. */
export type WireFixture = Record<string, RecordedExchange[]>;

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface WireReplayServer {
  /** The server's address with the path a provider's base URL has (".../v1"). */
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Plays this case's exchanges for the coming requests. */
  play(caseName: string): void;
  close(): Promise<void>;
}

export function readWireFixture(name: string): WireFixture {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/wire/${name}`, import.meta.url), 'utf8'),
  ) as WireFixture;
}

function sse(events: readonly Record<string, unknown>[]): string {
  return events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}

export async function startWireReplayServer(fixture: WireFixture): Promise<WireReplayServer> {
  const requests: ReceivedRequest[] = [];
  let queue: RecordedExchange[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => {
      raw += data.toString('utf8');
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({
        path,
        headers: request.headers,
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      });
      const next = queue.shift();
      if (!next || next.path !== path) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: { message: `Not in the recording: ${path}${next ? ` (expected ${next.path})` : ''}` },
          }),
        );
        return;
      }
      const { status, events, json } = next.response;
      if (events) {
        response.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.end(sse(events));
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    play(caseName) {
      const exchanges = fixture[caseName];
      if (!exchanges) throw new Error(`No case ${caseName} in the fixture`);
      queue = [...exchanges];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

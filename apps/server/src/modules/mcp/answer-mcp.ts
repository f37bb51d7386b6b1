import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ApiKeyScope } from '@querent/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { abortOnClose } from '../queries/abort-on-close.ts';
import type { User } from '../users/user.ts';
import { createMcpServer } from './create-mcp-server.ts';
import type { McpDeps } from './mcp-deps.ts';

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const converted = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') converted.set(name, value);
    else if (Array.isArray(value)) for (const each of value) converted.append(name, each);
  }
  return converted;
}

/** Whether the message is a tool call whose client asked to be told its progress. */
function asksProgress(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { method, params } = body as { method?: unknown; params?: { _meta?: { progressToken?: unknown } } };
  return method === 'tools/call' && params?._meta?.progressToken !== undefined;
}

/**
 * One stateless Streamable HTTP exchange through the official SDK: a new server, bound to the
 * caller, and a new transport (no session id) for this request alone, so any instance answers any
 * request. The answer is JSON, or, for a tool call whose client asked for progress, an event
 * stream of the progress notifications then the answer, sent as it is written. The body was
 * parsed and size-limited by Fastify; the answer goes back through the reply, so the request id,
 * security headers and logs are every route's.
 */
export async function answerMcp(
  input: {
    deps: McpDeps;
    user: User;
    /** The key's scopes, or null for local mode's administrator (every tool). */
    scopes: readonly ApiKeyScope[] | null;
    version: string;
    path: string;
    /** Where the person opens Querent in a browser, for links to what a tool made (a conversation). */
    appUrl: string;
  },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { signal, done } = abortOnClose(reply);
  const server = createMcpServer({
    deps: input.deps,
    user: input.user,
    scopes: input.scopes,
    signal,
    appUrl: input.appUrl,
    version: input.version,
    requestId: request.id,
    log: (error) => request.log.error({ err: error }, 'MCP tool failed'),
  });
  const streamed = asksProgress(request.body);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !streamed,
  });
  const finish = async () => {
    done();
    await server.close();
  };
  try {
    await server.connect(transport);
    const answer = await transport.handleRequest(
      new Request(`http://localhost${input.path}`, { method: 'POST', headers: webHeaders(request.headers) }),
      { parsedBody: request.body },
    );
    void reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length') void reply.header(name, value);
    });
    if (streamed && answer.body !== null) {
      // The server closes once the stream has been sent (or the client left).
      const body = Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>);
      body.once('close', () => void finish());
      return await reply.send(body);
    }
    const text = await answer.text();
    await finish();
    return await reply.send(text === '' ? undefined : text);
  } catch (error) {
    await finish();
    throw error;
  }
}

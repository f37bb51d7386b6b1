import type { IncomingHttpHeaders } from 'node:http';
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

/**
 * One stateless Streamable HTTP exchange through the official SDK: a new server, bound to the
 * caller, and a new transport (no session id, JSON answers, no event stream) for this request
 * alone, so any instance answers any request. The body was parsed and size-limited by Fastify;
 * the answer (a JSON-RPC message, or 202 for a notification) goes back through the reply, so
 * the request id, security headers and logs are every route's.
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
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
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
    const text = await answer.text();
    return await reply.send(text === '' ? undefined : text);
  } finally {
    done();
    await server.close();
  }
}

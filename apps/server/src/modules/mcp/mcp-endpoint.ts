import type { IncomingHttpHeaders } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../../errors.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { abortOnClose } from '../queries/abort-on-close.ts';
import { createMcpServer } from './create-mcp-server.ts';
import { checkMcpAddress } from './dns-rebinding-guard.ts';
import type { McpDeps } from './mcp-deps.ts';

export const MCP_PATH = '/mcp';

export interface McpEndpointOptions {
  /** Hosted mode's PUBLIC_URL; null in local mode, where only loopback addresses are answered. */
  publicUrl: string | null;
  /** The product version, told to clients at initialisation. */
  version: string;
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const converted = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') converted.set(name, value);
    else if (Array.isArray(value)) for (const each of value) converted.append(name, each);
  }
  return converted;
}

/**
 * Hosted mode has no sign-in an MCP client can use yet (OAuth and API keys come next): every
 * request is refused with the Bearer challenge a client expects, so it reports "needs sign-in"
 * rather than a broken server.
 */
function refuseUnauthenticated(reply: FastifyReply, hosted: boolean): never {
  void reply.header('www-authenticate', 'Bearer realm="Querent"');
  throw new AppError(
    'UNAUTHORIZED',
    hosted
      ? "This Querent's MCP endpoint needs a sign-in that MCP clients cannot make yet: OAuth and API keys come in a later release"
      : 'Nobody is signed in to this Querent',
  );
}

/**
 * POST /mcp: one stateless Streamable HTTP exchange through the official SDK. A new server and
 * transport answer each request (no session id, JSON answers, no event stream), so any instance
 * answers any request. The body is parsed, size-limited and logged like every route's; only the
 * JSON-RPC answer itself is the protocol's, not Querent's error shape.
 */
async function answerMcp(
  deps: McpDeps,
  options: McpEndpointOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { user } = request;
  if (user === null) return refuseUnauthenticated(reply, options.publicUrl !== null);
  const { signal, done } = abortOnClose(reply);
  const server = createMcpServer({
    deps,
    user,
    signal,
    version: options.version,
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
      new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers: webHeaders(request.headers) }),
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

/**
 * The MCP endpoint on the app's own server and port. It sits outside the contracts' route table
 * (its body is JSON-RPC, read by the SDK, and its answers are the protocol's), but goes through
 * the same request id, body limit, logging, security headers and error shape as every route.
 * Who is asking: local mode's administrator, resolved by the same resolver as the web app; in
 * hosted mode, nobody yet (a 401 Bearer challenge).
 */
export function registerMcpEndpoint(app: ZodApp, deps: McpDeps, options: McpEndpointOptions): void {
  const hosted = options.publicUrl !== null;
  const checkAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    // Local mode reads the Host header itself: a page that rebound a name to this machine could
    // otherwise name a loopback host in X-Forwarded-Host when TRUST_PROXY is set.
    const host = hosted ? request.host : request.headers.host;
    checkMcpAddress({ host, origin: request.headers.origin }, options.publicUrl);
    if (hosted) refuseUnauthenticated(reply, true);
  };
  app.route({
    method: 'POST',
    url: MCP_PATH,
    // Hosted mode resolves nobody: its requests are all refused by the challenge above.
    config: { auth: hosted ? 'public' : 'optional' },
    onRequest: checkAddress,
    handler: (request, reply) => answerMcp(deps, options, request, reply),
  });
  // Stateless: there is no event stream to open (GET) and no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    config: { auth: 'public' },
    onRequest: checkAddress,
    handler: (request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send(
          errorBody(
            'BAD_REQUEST',
            `${request.method} ${MCP_PATH} is not served: this MCP endpoint is stateless, send each JSON-RPC message with POST`,
            { requestId: request.id },
          ),
        ),
  });
}

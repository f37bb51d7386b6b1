import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../errors.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { loadOnce } from '../../load-once.ts';
import { checkMcpAddress } from './dns-rebinding-guard.ts';
import { refuseUnauthenticated } from './mcp-challenge.ts';
import type { McpDeps } from './mcp-deps.ts';

export const MCP_PATH = '/mcp';

// The SDK and the tools load at the first MCP request: most instances never get one.
const loadAnswerMcp = loadOnce(() => import('./answer-mcp.ts'));

export interface McpEndpointOptions {
  /** Hosted mode's PUBLIC_URL; null in local mode, where only loopback addresses are answered. */
  publicUrl: string | null;
  /** The product version, told to clients at initialisation. */
  version: string;
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
    handler: async (request, reply) => {
      const { user } = request;
      if (user === null) return refuseUnauthenticated(reply, hosted);
      const { answerMcp } = await loadAnswerMcp();
      return answerMcp({ deps, user, version: options.version, path: MCP_PATH }, request, reply);
    },
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

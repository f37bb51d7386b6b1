import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResolveBearer, ResolveCaller } from '../../auth/resolve-user.ts';
import { bearerTokenOf } from '../../auth/resolve-user.ts';
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
  /** Who a request without a Bearer token is: local mode's administrator (hosted mode: nobody). */
  resolveCaller: ResolveCaller;
  /** Who a Bearer token (an API key, or in hosted mode an app's access token) acts as, with its scopes. */
  resolveBearer: ResolveBearer;
  /** Hosted mode's protected-resource metadata (RFC 9728), named in the 401 challenge; null in local mode. */
  resourceMetadata: string | null;
}

/**
 * Who is asking: a Bearer token's user (an API key's, capped by its scopes), else in local mode
 * the administrator, resolved by the same resolver as the web app. Hosted mode serves no one
 * without a token: a browser's session cookie never reaches /mcp.
 */
async function identify(
  request: FastifyRequest,
  reply: FastifyReply,
  options: McpEndpointOptions,
): Promise<void> {
  const token = bearerTokenOf(request.headers);
  if (token !== null) {
    const resolution = await options.resolveBearer(token);
    if ('refused' in resolution) {
      refuseUnauthenticated(reply, { tokenRefused: resolution.refused }, options.resourceMetadata);
    }
    request.user = resolution.caller.user;
    request.grant = resolution.grant;
    return;
  }
  if (options.publicUrl !== null) refuseUnauthenticated(reply, null, options.resourceMetadata);
  const caller = await options.resolveCaller({ headers: request.headers, cookies: {} });
  if (caller === null) refuseUnauthenticated(reply, null, options.resourceMetadata);
  request.user = caller.user;
}

/**
 * The MCP endpoint on the app's own server and port. It sits outside the contracts' route table
 * (its body is JSON-RPC, read by the SDK, and its answers are the protocol's), but goes through
 * the same request id, body limit, logging, security headers and error shape as every route.
 */
export function registerMcpEndpoint(app: ZodApp, deps: McpDeps, options: McpEndpointOptions): void {
  const hosted = options.publicUrl !== null;
  const checkAddress = (request: FastifyRequest) => {
    // Local mode reads the Host header itself: a page that rebound a name to this machine could
    // otherwise name a loopback host in X-Forwarded-Host when TRUST_PROXY is set.
    const host = hosted ? request.host : request.headers.host;
    checkMcpAddress({ host, origin: request.headers.origin }, options.publicUrl);
  };
  app.route({
    method: 'POST',
    url: MCP_PATH,
    // Who is asking is this endpoint's own question (`identify`), not the route table's.
    config: { auth: 'public' },
    onRequest: async (request, reply) => {
      checkAddress(request);
      await identify(request, reply, options);
    },
    handler: async (request, reply) => {
      const { user, grant } = request;
      if (user === null) return refuseUnauthenticated(reply, null, options.resourceMetadata);
      const { answerMcp } = await loadAnswerMcp();
      return answerMcp(
        {
          deps,
          user,
          scopes: grant?.scopes ?? null,
          version: options.version,
          path: MCP_PATH,
          // Local mode answers loopback names only (checked above), so the Host asked is the app's.
          appUrl: (options.publicUrl ?? `http://${request.headers.host ?? 'localhost'}`).replace(/\/$/, ''),
        },
        request,
        reply,
      );
    },
  });
  // Stateless: there is no event stream to open (GET) and no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    config: { auth: 'public' },
    onRequest: async (request, reply) => {
      checkAddress(request);
      await identify(request, reply, options);
    },
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

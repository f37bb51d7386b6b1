import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * Hosted mode has no sign-in an MCP client can use yet (OAuth and API keys come next): every
 * request is refused with the Bearer challenge a client expects, so it reports "needs sign-in"
 * rather than a broken server.
 */
export function refuseUnauthenticated(reply: FastifyReply, hosted: boolean): never {
  void reply.header('www-authenticate', 'Bearer realm="Querent"');
  throw new AppError(
    'UNAUTHORIZED',
    hosted
      ? "This Querent's MCP endpoint needs a sign-in that MCP clients cannot make yet: OAuth and API keys come in a later release"
      : 'Nobody is signed in to this Querent',
  );
}

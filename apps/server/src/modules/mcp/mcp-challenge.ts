import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import { bearerChallenge } from '../../http/http-auth.ts';

/**
 * Refuses a request without a usable Bearer token with the challenge an MCP client expects
 * (RFC 6750), so it reports "needs sign-in" rather than a broken server: `invalid_token` when a
 * token was sent and refused, with the reason.
 */
export function refuseUnauthenticated(reply: FastifyReply, refusal: { tokenRefused: string } | null): never {
  if (refusal !== null) {
    bearerChallenge(reply, 'invalid_token');
    throw new AppError('UNAUTHORIZED', refusal.tokenRefused);
  }
  bearerChallenge(reply);
  throw new AppError(
    'UNAUTHORIZED',
    "This Querent's MCP endpoint needs an API key: make one on your profile page and send it as Authorization: Bearer <key>",
  );
}

import { apiKeyScopes } from '@querent/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import { bearerChallenge } from '../../http/http-auth.ts';

/**
 * Refuses a request without a usable Bearer token with the challenge an MCP client expects
 * (RFC 6750): `invalid_token` and the reason when a token was sent and refused, and in hosted mode
 * where the protected resource's metadata is (RFC 9728), from which a client finds the
 * authorization server and signs the person in, asking for every scope.
 */
export function refuseUnauthenticated(
  reply: FastifyReply,
  refusal: { tokenRefused: string } | null,
  resourceMetadata: string | null,
): never {
  const discovery =
    resourceMetadata === null ? undefined : { resourceMetadata, scope: apiKeyScopes.join(' ') };
  bearerChallenge(reply, refusal === null ? undefined : 'invalid_token', discovery);
  throw new AppError(
    'UNAUTHORIZED',
    refusal?.tokenRefused ??
      "This Querent's MCP endpoint needs a sign-in: connect through your MCP client's sign-in (OAuth), or send an API key made on your profile page as Authorization: Bearer <key>",
  );
}

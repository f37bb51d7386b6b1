import type { ApiKeyScope } from '@querent/contracts';
import { apiKeyScopes } from '@querent/contracts';
import type Provider from 'oidc-provider';
import type { BearerResolution } from '../../auth/resolve-user.ts';
import type { StoreDb } from '../../store/connect.ts';
import { findUser } from '../users/find-user.ts';
import type { OauthUrls } from './oauth-urls.ts';

function isScope(value: string): value is ApiKeyScope {
  return (apiKeyScopes as readonly string[]).includes(value);
}

function boundTo(audience: unknown, resource: string): boolean {
  return audience === resource || (Array.isArray(audience) && audience.includes(resource));
}

/**
 * Who an access token issued to an app acts as: looked up in the store at every request (tokens
 * are opaque), so a revoked grant or a disconnected app stops at once on every instance; refused
 * unless it is live, bound to this MCP resource (RFC 8707) and its person active. The user comes
 * back `delegated`, with the scopes the person consented to.
 */
export async function resolveOauthToken(
  deps: { provider: () => Promise<Provider>; urls: OauthUrls; db: StoreDb },
  token: string,
): Promise<BearerResolution> {
  const provider = await deps.provider();
  const found = await provider.AccessToken.find(token);
  if (!found || found.isExpired) return { refused: 'This access token is unknown, expired or revoked' };
  if (!boundTo(found.aud, deps.urls.resource)) {
    return { refused: `This access token was not issued for ${deps.urls.resource}` };
  }
  const user = await findUser(deps.db, found.accountId);
  if (user === null || user.deactivatedAt !== null)
    return { refused: 'The account of this token is deactivated' };
  return {
    caller: { user: { ...user, delegated: true }, sessionId: null },
    grant: {
      kind: 'oauth',
      id: found.grantId,
      scopes: (found.scope ?? '').split(' ').filter(isScope),
    },
  };
}

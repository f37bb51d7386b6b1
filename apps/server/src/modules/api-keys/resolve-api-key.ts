import type { BearerResolution } from '../../auth/resolve-user.ts';
import { findUser } from '../users/find-user.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { nowOf } from './api-key-deps.ts';
import { hashApiKeySecret, looksLikeApiKey } from './api-key-secret.ts';
import { findApiKeyByHash, touchApiKey } from './api-keys.repo.ts';

/** A key's last use is written at most this often: a busy script must not write on every call. */
const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Who an API key acts as, looked up in the store at every request (so a revocation holds at once
 * on every instance), or why it is refused: unknown, revoked, expired, its person deactivated, or
 * an organisation key whose service account left its organisation (the organisation deleted).
 * The user comes back `delegated`, which caps what the policy allows them.
 */
export async function resolveApiKey(deps: ApiKeyDeps, secret: string): Promise<BearerResolution> {
  if (!looksLikeApiKey(secret)) {
    return {
      refused:
        'This is not a Querent API key (they start with qk_); tokens of connected apps reach /mcp only',
    };
  }
  const key = await findApiKeyByHash(deps.db, hashApiKeySecret(secret));
  if (key === null) return { refused: 'This API key is unknown' };
  if (key.revokedAt !== null) return { refused: 'This API key was revoked' };
  const now = nowOf(deps);
  if (key.expiresAt !== null && key.expiresAt <= now.toISOString()) {
    return { refused: 'This API key has expired; make a new one on your profile page' };
  }
  const user = await findUser(deps.db, key.userId);
  if (user === null || user.deactivatedAt !== null) {
    return { refused: 'The account of this API key is deactivated' };
  }
  if (key.organizationId !== null && user.organizationId !== key.organizationId) {
    return { refused: 'The organisation of this API key no longer exists' };
  }
  const seenBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS).toISOString();
  if (key.lastUsedAt === null || key.lastUsedAt < seenBefore) {
    await touchApiKey(deps.db, key.id, { at: now.toISOString(), seenBefore });
  }
  return {
    caller: { user: { ...user, delegated: true }, sessionId: null },
    grant: { kind: 'api_key', id: key.id, scopes: key.scopes },
  };
}

import { AppError } from '../../errors.ts';
import { authorize } from '../access/authorize.ts';
import type { User } from '../users/user.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { nowOf } from './api-key-deps.ts';
import { apiKeySubject } from './api-key-subject.ts';
import { findApiKeyById, markApiKeyRevoked } from './api-keys.repo.ts';

const keyNotFound = () => new AppError('NOT_FOUND', 'API key not found');

/**
 * Revokes a key: its next request is refused (401), on every instance, since each request looks
 * its key up in the store. Someone else's key is "not found", so ids reveal nothing.
 */
export async function revokeApiKey(deps: ApiKeyDeps, input: { user: User; keyId: string }): Promise<void> {
  const key = await findApiKeyById(deps.db, input.keyId);
  if (key === null || key.revokedAt !== null) throw keyNotFound();
  authorize(input.user, 'delete', apiKeySubject(key), { notFound: keyNotFound });
  await markApiKeyRevoked(deps.db, key.id, nowOf(deps).toISOString());
}

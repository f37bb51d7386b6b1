import type { ApiKeyScope } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { newId } from '../../store/values.ts';
import { authorizeKind } from '../access/authorize.ts';
import { kindSubject } from '../access/subject.ts';
import { findOrganization } from '../organizations/find-organization.ts';
import { createServiceAccount } from '../users/create-service-account.ts';
import type { User } from '../users/user.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { nowOf } from './api-key-deps.ts';
import type { ApiKeyRecord } from './api-key-record.ts';
import { hashApiKeySecret, newApiKeySecret, shownPrefixOf } from './api-key-secret.ts';
import { insertApiKey } from './api-keys.repo.ts';

/** The furthest a key's expiry may be set: a forgotten key should not work forever by accident. */
const MAX_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

export interface CreateApiKeyInput {
  user: User;
  name: string;
  scopes: ApiKeyScope[];
  /** ISO 8601; null: it never expires. */
  expiresAt: string | null;
  /** Set for an organisation key (administrators only). */
  organizationId?: string | undefined;
}

function checkExpiry(expiresAt: string | null, now: Date): string | null {
  if (expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw new AppError('BAD_REQUEST', 'The expiry must be in the future', { field: 'expires_at' });
  }
  if (at.getTime() - now.getTime() > MAX_LIFETIME_MS) {
    throw new AppError('BAD_REQUEST', 'The expiry may be at most a year ahead (or none at all)', {
      field: 'expires_at',
    });
  }
  return at.toISOString();
}

/** Who an organisation key acts as: a new service member of the organisation, made with the key. */
async function organizationIdentity(deps: ApiKeyDeps, input: CreateApiKeyInput, organizationId: string) {
  authorizeKind(
    input.user,
    'create',
    kindSubject('organization_api_key'),
    'Only administrators may make organisation keys',
    'organization_id',
  );
  const organization = await findOrganization(deps.db, organizationId);
  if (organization === null) {
    throw new AppError('BAD_REQUEST', 'No organisation has this id', { field: 'organization_id' });
  }
  return createServiceAccount(deps.db, { keyName: input.name, organizationId: organization.id });
}

/**
 * Makes a key and answers its secret, this once: the store keeps only a hash of it. A personal
 * key acts as its maker; an organisation key as a service member of its organisation.
 */
export async function createApiKey(
  deps: ApiKeyDeps,
  input: CreateApiKeyInput,
): Promise<{ key: ApiKeyRecord; secret: string }> {
  const now = nowOf(deps);
  const expiresAt = checkExpiry(input.expiresAt, now);
  const organizationId = input.organizationId ?? null;
  if (organizationId === null) {
    authorizeKind(input.user, 'create', kindSubject('api_key'), 'Sign in to make API keys');
  }
  const secret = newApiKeySecret();
  const record = { name: input.name, tokenHash: hashApiKeySecret(secret), prefix: shownPrefixOf(secret) };
  const createKey = async (db: StoreDb, userId: string) =>
    insertApiKey(db, {
      id: newId(),
      ...record,
      scopes: input.scopes,
      userId,
      organizationId,
      createdBy: input.user.id,
      createdAt: now.toISOString(),
      expiresAt,
    });
  if (organizationId === null) return { key: await createKey(deps.db, input.user.id), secret };
  // The service account and its key are made together, or neither.
  const key = await deps.db.transaction().execute(async (trx) => {
    const serviceAccount = await organizationIdentity({ ...deps, db: trx }, input, organizationId);
    return createKey(trx, serviceAccount.id);
  });
  return { key, secret };
}

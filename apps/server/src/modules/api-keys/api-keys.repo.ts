import type { ApiKeyScope } from '@querent/contracts';
import { apiKeyScopes } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { ApiKeysTable } from '../../store/schema.ts';
import { parseJson, toJson } from '../../store/values.ts';
import type { ApiKeyRecord } from './api-key-record.ts';

function readScopes(json: string): ApiKeyScope[] {
  const stored = parseJson(json);
  // A scope a later version dropped grants nothing.
  return Array.isArray(stored)
    ? stored.filter((scope): scope is ApiKeyScope => (apiKeyScopes as readonly unknown[]).includes(scope))
    : [];
}

function toRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: readScopes(row.scopes),
    userId: row.user_id,
    organizationId: row.organization_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertApiKey(
  db: StoreDb,
  key: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'> & { tokenHash: string },
): Promise<ApiKeyRecord> {
  const row = await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      token_hash: key.tokenHash,
      prefix: key.prefix,
      name: key.name,
      scopes: toJson(key.scopes),
      user_id: key.userId,
      organization_id: key.organizationId,
      created_by: key.createdBy,
      created_at: key.createdAt,
      expires_at: key.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findApiKeyByHash(db: StoreDb, tokenHash: string): Promise<ApiKeyRecord | null> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findApiKeyById(db: StoreDb, id: string): Promise<ApiKeyRecord | null> {
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A person's own keys not revoked (expired ones included), newest first. */
export async function selectPersonalKeys(db: StoreDb, userId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('organization_id', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Every organisation key not revoked, newest first. */
export async function selectOrganizationKeys(db: StoreDb): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', 'is not', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Revokes a key still live; false when it was already revoked (or gone). */
export async function markApiKeyRevoked(db: StoreDb, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a use; skipped when another request (or instance) already did since `seenBefore`. */
export async function touchApiKey(
  db: StoreDb,
  id: string,
  touch: { at: string; seenBefore: string },
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: touch.at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', touch.seenBefore)]))
    .execute();
}

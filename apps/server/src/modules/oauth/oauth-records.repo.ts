import type { StoreDb } from '../../store/connect.ts';
import { parseJson, toJson } from '../../store/values.ts';

/** A record as the authorization server hands it over: any JSON object. */
export type OauthPayload = Record<string, unknown>;

export interface StoredOauthRecord {
  payload: OauthPayload;
  expiresAt: string | null;
  consumedAt: string | null;
}

function stringField(payload: OauthPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' ? value : null;
}

export async function upsertOauthRecord(
  db: StoreDb,
  record: { model: string; id: string; payload: OauthPayload; expiresAt: string | null },
): Promise<void> {
  const values = {
    payload: toJson(record.payload),
    grant_id: stringField(record.payload, 'grantId'),
    uid: stringField(record.payload, 'uid'),
    user_code: stringField(record.payload, 'userCode'),
    expires_at: record.expiresAt,
  };
  await db
    .insertInto('oauth_records')
    .values({ model: record.model, id: record.id, ...values })
    .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(values))
    .execute();
}

type Lookup = { column: 'id' | 'uid' | 'user_code'; value: string };

export async function findOauthRecord(
  db: StoreDb,
  model: string,
  lookup: Lookup,
): Promise<StoredOauthRecord | null> {
  const row = await db
    .selectFrom('oauth_records')
    .select(['payload', 'expires_at', 'consumed_at'])
    .where('model', '=', model)
    .where(lookup.column, '=', lookup.value)
    .executeTakeFirst();
  if (!row) return null;
  return {
    payload: parseJson(row.payload) as OauthPayload,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
  };
}

export async function markOauthRecordConsumed(
  db: StoreDb,
  model: string,
  id: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('oauth_records')
    .set({ consumed_at: at })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

export async function deleteOauthRecord(db: StoreDb, model: string, id: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id).execute();
}

/** Every record of a grant, whatever its kind: its codes and tokens stop working at once. */
export async function deleteOauthGrantRecords(db: StoreDb, grantId: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
}

/** Forgets records past their expiry; they are refused when read anyway. */
export async function deleteExpiredOauthRecords(db: StoreDb, now: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('expires_at', '<=', now).execute();
}

/** The grants (an app connected by a person) of one account, live ones only. */
export async function selectOauthGrantsOf(
  db: StoreDb,
  accountId: string,
  now: string,
): Promise<{ id: string; payload: OauthPayload }[]> {
  const rows = await db
    .selectFrom('oauth_records')
    .select(['id', 'payload'])
    .where('model', '=', 'Grant')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows
    .map((row) => ({ id: row.id, payload: parseJson(row.payload) as OauthPayload }))
    .filter((row) => row.payload.accountId === accountId);
}

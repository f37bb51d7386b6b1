import type { StoreDb } from '../../store/connect.ts';
import { newId } from '../../store/values.ts';

/**
 * The organisation the sign-in service names `key`, created (named after it) the first time it is
 * seen. The unique key makes concurrent first sightings on several instances agree on one row.
 */
export async function ensureOrganizationByExternalKey(db: StoreDb, key: string): Promise<string> {
  await db
    .insertInto('organizations')
    .values({ id: newId(), name: key, external_key: key })
    .onConflict((conflict) => conflict.column('external_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('external_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The organisation's name, or null when there is no such organisation. */
export async function selectOrganizationName(db: StoreDb, id: string): Promise<string | null> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

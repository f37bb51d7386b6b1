import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { OrganizationsTable } from '../../store/schema.ts';
import { newId } from '../../store/values.ts';
import type { OrganizationRecord } from './organization-record.ts';

/**
 * The organisation the sign-in service names `key`, created (named after it) the first time it is
 * seen, and back (with its old ledger) if an administrator deleted it. The unique key makes
 * concurrent first sightings on several instances agree on one row.
 */
export async function ensureOrganizationByExternalKey(db: StoreDb, key: string): Promise<string> {
  await db
    .insertInto('organizations')
    .values({ id: newId(), name: key, external_key: key })
    .onConflict((conflict) => conflict.column('external_key').doUpdateSet({ deleted_at: null }))
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
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.name ?? null;
}

function toRecord(row: Selectable<OrganizationsTable>): OrganizationRecord {
  return { id: row.id, name: row.name, externalKey: row.external_key, createdAt: row.created_at };
}

export async function selectOrganization(db: StoreDb, id: string): Promise<OrganizationRecord | null> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Every organisation not deleted, by name. */
export async function selectOrganizations(db: StoreDb): Promise<OrganizationRecord[]> {
  const rows = await db
    .selectFrom('organizations')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Whether another organisation than `exceptId` already has this name, compared without case (a deleted one's is free). */
export async function organizationNameTaken(db: StoreDb, name: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOrganization(db: StoreDb, name: string): Promise<OrganizationRecord> {
  const row = await db
    .insertInto('organizations')
    .values({ id: newId(), name, external_key: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function updateOrganizationName(
  db: StoreDb,
  id: string,
  name: string,
): Promise<OrganizationRecord | null> {
  const row = await db
    .updateTable('organizations')
    .set({ name })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * Marks it deleted; false when there is no such organisation (or it was deleted already). The row
 * stays: the credit ledger names it.
 */
export async function markOrganizationDeleted(db: StoreDb, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('organizations')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Whether the organisation exists and is not deleted, holding its row until the transaction ends
 * (PostgreSQL; SQLite has a single writer): a deletion under way is waited for, then seen.
 */
export async function lockLiveOrganization(db: StoreDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('organizations')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

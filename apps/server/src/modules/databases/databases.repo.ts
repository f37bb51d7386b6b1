import type { CredentialWarning, Engine } from '@querent/contracts';
import type { Details } from '../../secrets/connection-secrets.ts';
import type { StoreDb } from '../../store/connect.ts';
import {
  nowIso,
  parseJson,
  parseNullableJson,
  readBool,
  toJson,
  toNullableJson,
} from '../../store/values.ts';
import { visibleTo } from '../access/visible-to.ts';
import type { VisibilityColumns } from '../access/visible-to.ts';
import type { DatabaseRecord, Viewer } from './database-record.ts';
import type { DbtRelations, DbtSummaries } from './dbt-artifacts.ts';

export interface NewDatabase {
  id: string;
  name: string;
  engine: Engine;
  details: Details;
  safeMode: boolean;
  isPublic: boolean;
  dbtManifest: DbtRelations | null;
  dbtCatalog: DbtRelations | null;
  dbtSummary: DbtSummaries;
  statementTimeoutMs: number | null;
  ownerId: string;
  organizationId: string | null;
  /** Uploads start private to their owner; other databases are shared with the organisation. */
  sharedWithOrganization: boolean;
  /** What the login may do beyond reading, as measured at this save; none when not given. */
  credentialWarning?: CredentialWarning | null;
}

export type DatabaseChanges = Partial<Omit<NewDatabase, 'id' | 'engine' | 'ownerId' | 'organizationId'>>;

/** Where a database row says who owns it and how far it is shared, for the policy's list condition. */
export const databaseVisibility: VisibilityColumns = {
  owner: 'databases.owner_id',
  organization: 'databases.organization_id',
  shared: 'databases.shared',
  public: 'databases.public',
};

const noDbt: DbtSummaries = { manifest: null, catalog: null };

// Every column but the dbt files, which can be megabytes and are read only to build a schema.
const recordColumns = [
  'id',
  'name',
  'engine',
  'details',
  'safe_mode',
  'public',
  'dbt_summary',
  'statement_timeout_ms',
  'owner_id',
  'organization_id',
  'shared',
  'credential_warning',
  'created_at',
  'updated_at',
] as const;

function toRecord(row: {
  id: string;
  name: string;
  engine: string;
  details: string;
  safe_mode: boolean | number;
  public: boolean | number;
  dbt_summary: string | null;
  statement_timeout_ms: number | null;
  owner_id: string;
  organization_id: string | null;
  shared: boolean | number;
  credential_warning: string | null;
  created_at: string;
  updated_at: string;
}): DatabaseRecord {
  return {
    id: row.id,
    name: row.name,
    // Only engines the API accepts are ever written.
    engine: row.engine as Engine,
    details: parseJson(row.details) as Details,
    safeMode: readBool(row.safe_mode),
    isPublic: readBool(row.public),
    dbtSummary: (parseNullableJson(row.dbt_summary) as DbtSummaries | null) ?? noDbt,
    statementTimeoutMs: row.statement_timeout_ms,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    sharedWithOrganization: readBool(row.shared),
    credentialWarning: parseNullableJson(row.credential_warning) as CredentialWarning | null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertDatabase(db: StoreDb, input: NewDatabase): Promise<DatabaseRecord> {
  const now = nowIso();
  const row = await db
    .insertInto('databases')
    .values({
      id: input.id,
      name: input.name,
      engine: input.engine,
      details: toJson(input.details),
      safe_mode: input.safeMode,
      public: input.isPublic,
      dbt_manifest: toNullableJson(input.dbtManifest),
      dbt_catalog: toNullableJson(input.dbtCatalog),
      dbt_summary: toJson(input.dbtSummary),
      statement_timeout_ms: input.statementTimeoutMs,
      owner_id: input.ownerId,
      organization_id: input.organizationId,
      shared: input.sharedWithOrganization,
      credential_warning: toNullableJson(input.credentialWarning ?? null),
      created_at: now,
      updated_at: now,
    })
    .returning(recordColumns)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findDatabaseById(db: StoreDb, id: string): Promise<DatabaseRecord | null> {
  const row = await db.selectFrom('databases').select(recordColumns).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Databases the viewer owns, shares an organization with, or that are public; oldest first. */
export async function listDatabasesVisibleTo(db: StoreDb, viewer: Viewer): Promise<DatabaseRecord[]> {
  const rows = await db
    .selectFrom('databases')
    .select(recordColumns)
    .where(visibleTo(viewer, 'database', databaseVisibility))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function readDbtFiles(
  db: StoreDb,
  id: string,
): Promise<{ manifest: DbtRelations | null; catalog: DbtRelations | null }> {
  const row = await db
    .selectFrom('databases')
    .select(['dbt_manifest', 'dbt_catalog'])
    .where('id', '=', id)
    .executeTakeFirst();
  return {
    manifest: row ? (parseNullableJson(row.dbt_manifest) as DbtRelations | null) : null,
    catalog: row ? (parseNullableJson(row.dbt_catalog) as DbtRelations | null) : null,
  };
}

export async function updateDatabase(
  db: StoreDb,
  id: string,
  changes: DatabaseChanges,
): Promise<DatabaseRecord | null> {
  const row = await db
    .updateTable('databases')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.details === undefined ? {} : { details: toJson(changes.details) }),
      ...(changes.safeMode === undefined ? {} : { safe_mode: changes.safeMode }),
      ...(changes.isPublic === undefined ? {} : { public: changes.isPublic }),
      ...(changes.sharedWithOrganization === undefined ? {} : { shared: changes.sharedWithOrganization }),
      ...(changes.dbtManifest === undefined ? {} : { dbt_manifest: toNullableJson(changes.dbtManifest) }),
      ...(changes.dbtCatalog === undefined ? {} : { dbt_catalog: toNullableJson(changes.dbtCatalog) }),
      ...(changes.dbtSummary === undefined ? {} : { dbt_summary: toJson(changes.dbtSummary) }),
      ...(changes.statementTimeoutMs === undefined
        ? {}
        : { statement_timeout_ms: changes.statementTimeoutMs }),
      ...(changes.credentialWarning === undefined
        ? {}
        : { credential_warning: toNullableJson(changes.credentialWarning) }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returning(recordColumns)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Keeps what a fresh test found the stored login may do beyond reading; not a change of the database. */
export async function setCredentialWarning(
  db: StoreDb,
  id: string,
  warning: CredentialWarning | null,
): Promise<void> {
  await db
    .updateTable('databases')
    .set({ credential_warning: toNullableJson(warning) })
    .where('id', '=', id)
    .execute();
}

/** Deletes the database; its projects, conversations, queries, entities and issues go by cascade. */
export async function deleteDatabase(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('databases').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Shares the row with its owner's organisation, or makes it private again (the caller asked the policy). */
export async function setDatabasesShared(db: StoreDb, id: string, shared: boolean): Promise<void> {
  await db.updateTable('databases').set({ shared, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Everything the owner has here now belongs to their new organisation (or to none). */
export async function setDatabasesOrganizationOfOwner(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await db
    .updateTable('databases')
    .set({ organization_id: organizationId })
    .where('owner_id', '=', ownerId)
    .execute();
}

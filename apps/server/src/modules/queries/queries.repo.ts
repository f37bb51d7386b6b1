import { visibleTo } from '../access/visible-to.ts';
import type { Viewer } from '../databases/database-record.ts';
import type { ResultColumn } from '@querent/contracts';
import { sql } from 'kysely';
import type { ResultRow } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import { newId, nowIso, parseNullableJson, readBool, toNullableJson } from '../../store/values.ts';
import type { QueryOutcome } from '../sql-runs/sql-run-recorder.ts';
import type { QueryRecord } from './query-record.ts';

/**
 * Every run and every saved query is a row of `queries`. This is the only code with SQL for that
 * table; the agent's tools and the editor share it (through the use cases).
 */

export interface QueryRun extends QueryOutcome {
  sql: string;
  databaseId: string;
  ownerId: string;
  /** The conversation whose agent ran it. */
  conversationId?: string | null;
  /** Rows to keep with the run (capped by the caller); history runs keep none by default. */
  rows?: ResultRow[] | null;
}

/**
 * Records a run in the user's history (an unsaved query). Rows are not kept unless given: they
 * may be large and sensitive, and the history reruns the SQL instead.
 */
export async function insertQueryRun(db: StoreDb, run: QueryRun): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('queries')
    .values({
      id,
      title: null,
      sql: run.sql,
      database_id: run.databaseId,
      owner_id: run.ownerId,
      conversation_id: run.conversationId ?? null,
      is_saved: false,
      rows: toNullableJson(run.rows),
      columns: toNullableJson(run.columns),
      count: run.count,
      truncated: run.truncated,
      duration_ms: run.durationMs,
      error: run.error,
      ran_at: run.ranAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A write waiting for the user's confirmation: recorded, not run (no result, no ran_at). */
export async function insertPendingQuery(
  db: StoreDb,
  input: { sql: string; title: string | null; databaseId: string; ownerId: string; conversationId: string },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('queries')
    .values({
      id,
      title: input.title,
      sql: input.sql,
      database_id: input.databaseId,
      owner_id: input.ownerId,
      conversation_id: input.conversationId,
      is_saved: false,
      truncated: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export interface NewSavedQuery {
  title: string;
  sql: string;
  databaseId: string;
  ownerId: string;
  conversationId?: string | null;
  question?: string | null;
  verified?: boolean;
}

/** A saved query that has not run yet. */
export async function insertSavedQuery(db: StoreDb, input: NewSavedQuery): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('queries')
    .values({
      id,
      title: input.title,
      sql: input.sql,
      database_id: input.databaseId,
      owner_id: input.ownerId,
      conversation_id: input.conversationId ?? null,
      is_saved: true,
      question: input.question ?? null,
      verified: input.verified ?? false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

function selectRecords(db: StoreDb) {
  return db
    .selectFrom('queries')
    .leftJoin('users', 'users.id', 'queries.owner_id')
    .select([
      'queries.id',
      'queries.title',
      'queries.sql',
      'queries.database_id',
      'queries.owner_id',
      'users.organization_id as owner_organization_id',
      'queries.shared',
      'queries.conversation_id',
      'queries.is_saved',
      // Whether rows exist, without reading them: they can be megabytes.
      sql<boolean | number>`queries.rows is not null`.as('has_rows'),
      'queries.columns',
      'queries.count',
      'queries.truncated',
      'queries.duration_ms',
      'queries.error',
      'queries.ran_at',
      'queries.created_at',
      'queries.updated_at',
      'queries.question',
      'queries.verified',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow): QueryRecord {
  return {
    id: row.id,
    title: row.title,
    sql: row.sql,
    databaseId: row.database_id,
    ownerId: row.owner_id,
    ownerOrganizationId: row.owner_organization_id ?? null,
    sharedWithOrganization: readBool(row.shared),
    conversationId: row.conversation_id,
    isSaved: readBool(row.is_saved),
    hasRows: readBool(row.has_rows),
    // Only result columns are ever written to this column.
    columns: parseNullableJson(row.columns) as ResultColumn[] | null,
    count: row.count,
    truncated: readBool(row.truncated),
    durationMs: row.duration_ms,
    error: row.error,
    ranAt: row.ran_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    question: row.question,
    verified: readBool(row.verified),
  };
}

export async function findQueryById(db: StoreDb, id: string): Promise<QueryRecord | null> {
  const row = await selectRecords(db).where('queries.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Several queries at once (favourites, charts); missing ids are simply absent. */
export async function findQueriesByIds(db: StoreDb, ids: readonly string[]): Promise<QueryRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectRecords(db)
    .where('queries.id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}

/** The stored rows of the last run, or null when none are kept. */
export async function readQueryRows(db: StoreDb, id: string): Promise<ResultRow[] | null> {
  const row = await db.selectFrom('queries').select('rows').where('id', '=', id).executeTakeFirst();
  // Only arrays of result rows are ever written to this column.
  return row ? (parseNullableJson(row.rows) as ResultRow[] | null) : null;
}

export interface QueryChanges {
  title?: string;
  sql?: string;
  question?: string | null;
  verified?: boolean;
}

/** Edits title and SQL; new SQL forgets the last result, which belonged to the old one. */
export async function updateQuery(db: StoreDb, id: string, changes: QueryChanges): Promise<boolean> {
  const forgetResult =
    changes.sql === undefined
      ? {}
      : {
          sql: changes.sql,
          rows: null,
          columns: null,
          count: null,
          truncated: false,
          duration_ms: null,
          error: null,
          ran_at: null,
        };
  const result = await db
    .updateTable('queries')
    .set({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.question === undefined ? {} : { question: changes.question }),
      ...(changes.verified === undefined ? {} : { verified: changes.verified }),
      ...forgetResult,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Keeps a run's outcome (and its capped rows) on the query, as its last result, unless its SQL
 * changed meanwhile (the result would belong to the old SQL). Running is not editing: updated_at
 * stays.
 */
export async function storeQueryOutcome(
  db: StoreDb,
  id: string,
  ranSql: string,
  outcome: QueryOutcome & { rows: ResultRow[] | null },
): Promise<void> {
  await db
    .updateTable('queries')
    .set({
      rows: toNullableJson(outcome.rows),
      columns: toNullableJson(outcome.columns),
      count: outcome.count,
      truncated: outcome.truncated,
      duration_ms: outcome.durationMs,
      error: outcome.error,
      ran_at: outcome.ranAt,
    })
    .where('id', '=', id)
    .where('sql', '=', ranSql)
    .execute();
}

/** Deletes the query; its charts go by cascade. Favourites are the caller's to remove. */
export async function deleteQuery(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('queries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner's saved (or unsaved) queries, most recently changed first. */
export async function listOwnQueries(
  db: StoreDb,
  filter: { ownerId: string; databaseId?: string | undefined; saved: boolean; limit: number },
): Promise<QueryRecord[]> {
  let query = selectRecords(db)
    .where('queries.owner_id', '=', filter.ownerId)
    .where('queries.is_saved', '=', filter.saved);
  if (filter.databaseId !== undefined) query = query.where('queries.database_id', '=', filter.databaseId);
  const rows = await query
    .orderBy('queries.updated_at', 'desc')
    .orderBy('queries.id')
    .limit(filter.limit)
    .execute();
  return rows.map(toRecord);
}

/** Where a query row (joined with its owner) says who owns it and how far it is shared. */
const queryVisibility = {
  owner: 'queries.owner_id',
  organization: 'users.organization_id',
  shared: 'queries.shared',
} as const;

/**
 * Saved queries of others that the viewer may read (the policy's list condition: shared with
 * their organisation), most recently changed first.
 */
export async function listSharedQueries(
  db: StoreDb,
  viewer: Viewer,
  filter: { databaseId?: string | undefined; limit: number },
): Promise<QueryRecord[]> {
  let query = selectRecords(db)
    .where('queries.owner_id', '<>', viewer.id)
    .where('queries.is_saved', '=', true)
    .where(visibleTo(viewer, 'query', queryVisibility));
  if (filter.databaseId !== undefined) query = query.where('queries.database_id', '=', filter.databaseId);
  const rows = await query
    .orderBy('queries.updated_at', 'desc')
    .orderBy('queries.id')
    .limit(filter.limit)
    .execute();
  return rows.map(toRecord);
}

/** The owner's latest runs (history records), newest first. */
export async function listQueryHistory(
  db: StoreDb,
  filter: { ownerId: string; databaseId?: string | undefined; limit: number },
): Promise<QueryRecord[]> {
  let query = selectRecords(db)
    .where('queries.owner_id', '=', filter.ownerId)
    .where('queries.is_saved', '=', false)
    .where('queries.ran_at', 'is not', null);
  if (filter.databaseId !== undefined) query = query.where('queries.database_id', '=', filter.databaseId);
  const rows = await query
    .orderBy('queries.ran_at', 'desc')
    .orderBy('queries.created_at', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(toRecord);
}

/** Shares the row with its owner's organisation, or makes it private again (the caller asked the policy). */
export async function setQueriesShared(db: StoreDb, id: string, shared: boolean): Promise<void> {
  await db.updateTable('queries').set({ shared, updated_at: nowIso() }).where('id', '=', id).execute();
}

/**
 * The verified saved queries of a database that the viewer may read (the policy's list condition:
 * theirs, and those shared with their organisation), most recently changed first: the analyst's
 * worked examples.
 */
export async function listVerifiedQueries(
  db: StoreDb,
  filter: { databaseId: string; viewer: Viewer; limit: number },
): Promise<QueryRecord[]> {
  const rows = await selectRecords(db)
    .where('queries.database_id', '=', filter.databaseId)
    .where('queries.verified', '=', true)
    .where('queries.is_saved', '=', true)
    .where(visibleTo(filter.viewer, 'query', queryVisibility))
    .orderBy('queries.updated_at', 'desc')
    .orderBy('queries.id')
    .limit(filter.limit)
    .execute();
  return rows.map(toRecord);
}

/** Makes every querie of the owner private again (their organisation is gone). */
export async function unshareQueriesOfOwner(db: StoreDb, ownerId: string): Promise<void> {
  await db
    .updateTable('queries')
    .set({ shared: false })
    .where('owner_id', '=', ownerId)
    .where('shared', '=', true)
    .execute();
}

import type { Action } from '../access/access-words.ts';
import { authorize } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { findDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { findQueriesByIds, findQueryById } from './queries.repo.ts';
import type { QueryRecord } from './query-record.ts';
import { querySubject } from './query-subject.ts';

export function queryNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Query not found');
}

/**
 * Loads a query the actor may act on as asked (`write` is `edit`), with its database. One the
 * actor may not see (not theirs and not shared with them, or on a database they no longer see) is
 * "not found", so ids of other people's queries reveal nothing; a colleague's shared one is 403 on change.
 */
export async function requireQuery(
  db: StoreDb,
  actor: Actor,
  id: string,
  needed: Action | 'write',
): Promise<{ query: QueryRecord; database: DatabaseRecord }> {
  const query = await findQueryById(db, id);
  const database = query ? await findDatabase(db, query.databaseId) : null;
  if (!query || !database) throw queryNotFound();
  authorize(actor, needed === 'write' ? 'edit' : needed, querySubject(query, database), {
    notFound: queryNotFound,
    forbidden: () => new AppError('FORBIDDEN', 'Only the owner of this query can change it'),
  });
  return { query, database };
}

/**
 * Of these queries, those the actor may read by their own rule (owner, or shared with them);
 * missing ids are absent. The caller checks the databases.
 */
export async function findReadableQueries(
  db: StoreDb,
  actor: Actor,
  ids: readonly string[],
): Promise<QueryRecord[]> {
  return (await findQueriesByIds(db, ids)).filter((query) =>
    can(actor, 'read', querySubject(query, undefined)),
  );
}

/**
 * A query and its database (null once removed), whoever asks, or null: for a caller with a rule
 * of its own. A dashboard shows its pinned query's result to whoever sees the dashboard and may
 * run SQL on the query's database, whether or not the query itself is shared with them.
 */
export async function findQueryWithDatabase(
  db: StoreDb,
  id: string,
): Promise<{ query: QueryRecord; database: DatabaseRecord | null } | null> {
  const query = await findQueryById(db, id);
  if (!query) return null;
  return { query, database: await findDatabase(db, query.databaseId) };
}

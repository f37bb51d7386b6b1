import type { ListQueriesQuery, QueryHistoryItem, SavedQuery } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { listVisibleDatabases } from '../databases/database-access.ts';
import type { User } from '../users/user.ts';
import type { ShowDeps } from './favorite-flags.ts';
import { presentHistoryItem, presentQuery } from './present-query.ts';
import { listOwnQueries, listQueryHistory, listSharedQueries } from './queries.repo.ts';
import type { QueryRecord } from './query-record.ts';

/** Most entries of GET /api/queries; a saved-query list longer than this wants search, not scrolling. */
const listLimit = 1000;
/** GET /api/query-history keeps the latest runs only. */
export const historyLimit = 50;

/** Queries on databases the user can no longer see stay stored but out of sight. */
async function onVisibleDatabases<T extends QueryRecord>(
  db: StoreDb,
  user: User,
  queries: T[],
): Promise<T[]> {
  if (queries.length === 0) return queries;
  const visible = new Set((await listVisibleDatabases(db, user)).map((database) => database.id));
  return queries.filter((query) => visible.has(query.databaseId));
}

/**
 * GET /api/queries?databaseId=&saved=&shared=: the user's own saved queries (or unsaved runs), or
 * with `shared` those colleagues shared with them; newest change first.
 */
export async function listQueries(
  deps: ShowDeps,
  input: { user: User; filter: ListQueriesQuery },
): Promise<SavedQuery[]> {
  const queries = await onVisibleDatabases(
    deps.db,
    input.user,
    input.filter.shared
      ? await listSharedQueries(deps.db, input.user, {
          databaseId: input.filter.databaseId,
          limit: listLimit,
        })
      : await listOwnQueries(deps.db, {
          ownerId: input.user.id,
          databaseId: input.filter.databaseId,
          saved: input.filter.saved,
          limit: listLimit,
        }),
  );
  const favorites = await deps.favorites.starredAmong(
    input.user.id,
    'query',
    queries.map((query) => query.id),
  );
  return queries.map((query) => presentQuery(query, input.user, favorites.has(query.id)));
}

/** GET /api/query-history?databaseId=: the user's latest runs, newest first. */
export async function listHistory(
  deps: { db: StoreDb },
  input: { user: User; databaseId?: string | undefined },
): Promise<QueryHistoryItem[]> {
  const runs = await listQueryHistory(deps.db, {
    ownerId: input.user.id,
    databaseId: input.databaseId,
    limit: historyLimit,
  });
  const visible = await onVisibleDatabases(deps.db, input.user, runs);
  return visible.flatMap((run) =>
    run.ranAt === null ? [] : [presentHistoryItem({ ...run, ranAt: run.ranAt })],
  );
}

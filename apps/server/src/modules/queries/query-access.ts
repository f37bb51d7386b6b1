import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { databaseAccess, findDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { User } from '../users/user.ts';
import { findQueriesByIds, findQueryById } from './queries.repo.ts';
import type { QueryRecord } from './query-record.ts';

type Viewer = Pick<User, 'id' | 'role' | 'organizationId'>;

/**
 * The owner and members of the owner's organization may read (and run) a query or a chart; only
 * the owner may change it. Both also need to still see its database: losing access to a database
 * hides everything made on it.
 */
export function mayReadOwned(viewer: Viewer, owner: { ownerId: string; ownerOrganizationId: string | null }) {
  return (
    owner.ownerId === viewer.id ||
    (viewer.organizationId !== null && owner.ownerOrganizationId === viewer.organizationId)
  );
}

export function queryNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Query not found');
}

/**
 * Loads a query the user may read or (`write`) change, with its database. One the user may not
 * see is "not found", so ids of other people's queries reveal nothing; a colleague's is 403 on
 * change.
 */
export async function requireQuery(
  db: StoreDb,
  user: Viewer,
  id: string,
  needed: 'read' | 'write',
): Promise<{ query: QueryRecord; database: DatabaseRecord }> {
  const query = await findQueryById(db, id);
  if (!query || !mayReadOwned(user, query)) throw queryNotFound();
  const database = await findDatabase(db, query.databaseId);
  if (!database || databaseAccess(user, database) === 'none') throw queryNotFound();
  if (needed === 'write' && query.ownerId !== user.id) {
    throw new AppError('FORBIDDEN', 'Only the owner of this query can change it');
  }
  return { query, database };
}

/** Of these queries, those the viewer may read as their owner or a colleague; missing ids are absent. */
export async function findReadableQueries(
  db: StoreDb,
  viewer: Viewer,
  ids: readonly string[],
): Promise<QueryRecord[]> {
  return (await findQueriesByIds(db, ids)).filter((query) => mayReadOwned(viewer, query));
}

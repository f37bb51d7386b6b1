import type { User } from '../users/users.repo.ts';
import { databaseNotFound, requireDatabase } from './database-access.ts';
import type { DatabaseDeps } from './database-deps.ts';
import { deleteDatabase as deleteDatabaseRow } from './databases.repo.ts';

/**
 * DELETE /api/databases/{id}: its projects, conversations, queries, entities and issues go with
 * it (foreign keys cascade), and its open connections are closed.
 */
export async function deleteDatabase(
  deps: Pick<DatabaseDeps, 'db' | 'connections' | 'schemaCache'>,
  input: { user: User; databaseId: string },
): Promise<void> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'write');
  if (!(await deleteDatabaseRow(deps.db, database.id))) throw databaseNotFound();
  deps.schemaCache.invalidate(database.id);
  await deps.connections.evict(database.id);
}

import { rm } from 'node:fs/promises';
import type { User } from '../users/user.ts';
import { databaseNotFound, requireDatabase } from './database-access.ts';
import type { DatabaseDeps } from './database-deps.ts';
import { deleteDatabase as deleteDatabaseRow } from './databases.repo.ts';
import { isUploadDatabase } from './upload-database-file.ts';

/**
 * DELETE /api/databases/{id}: its projects, conversations, queries, charts, entities and issues
 * go with it, and so do everyone's stars on those queries and charts (foreign keys cascade); its
 * open connections are closed. An upload database's DuckDB file is Querent's own, so it goes too;
 * a file the user connected is never touched.
 */
export async function deleteDatabase(
  deps: Pick<DatabaseDeps, 'db' | 'connections' | 'schemaCache' | 'dataDir'>,
  input: { user: User; databaseId: string },
): Promise<void> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'delete');
  if (!(await deleteDatabaseRow(deps.db, database.id))) throw databaseNotFound();
  deps.schemaCache.invalidate(database.id);
  await deps.connections.evict(database.id);
  if (isUploadDatabase(deps.dataDir, database)) {
    const file = String(database.details.path);
    await Promise.all([rm(file, { force: true }), rm(`${file}.wal`, { force: true })]);
  }
}

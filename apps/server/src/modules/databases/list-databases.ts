import type { Database } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireDatabase } from './database-access.ts';
import { listDatabasesVisibleTo } from './databases.repo.ts';
import { presentDatabase } from './present-database.ts';

/** GET /api/databases: what the user owns, shares with their organization, and public ones. */
export async function listDatabases(deps: { db: StoreDb }, input: { user: User }): Promise<Database[]> {
  const databases = await listDatabasesVisibleTo(deps.db, input.user);
  return databases.map((database) => presentDatabase(database, input.user));
}

/** GET /api/databases/{id} */
export async function getDatabase(
  deps: { db: StoreDb },
  input: { user: User; databaseId: string },
): Promise<Database> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'read');
  return presentDatabase(database, input.user);
}

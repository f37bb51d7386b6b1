import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from './database-record.ts';
import { updateDatabase } from './databases.repo.ts';

/**
 * Says a database's schema changed behind Querent's back (a table loaded into an upload): a new
 * updatedAt tells every schema cache, on every instance. Null when the database is gone.
 */
export function markSchemaChanged(db: StoreDb, databaseId: string): Promise<DatabaseRecord | null> {
  return updateDatabase(db, databaseId, {});
}

import type { Database } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { listVisibleDatabases, requireDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { presentDatabase } from '../databases/present-database.ts';
import { isUploadDatabase } from '../databases/upload-database-file.ts';
import type { User } from '../users/user.ts';

/** The user's own upload databases, the ones a file can be added to (GET /api/uploads). */
export async function listUploadDatabases(
  deps: { db: StoreDb; dataDir: string },
  input: { user: User },
): Promise<Database[]> {
  const visible = await listVisibleDatabases(deps.db, input.user);
  return visible
    .filter((database) => database.ownerId === input.user.id && isUploadDatabase(deps.dataDir, database))
    .map((database) => presentDatabase(database, input.user));
}

/** The upload database a file is added to: the user's own, made by an upload, writable. */
export async function requireUploadDatabase(
  deps: { db: StoreDb; dataDir: string },
  user: User,
  databaseId: string,
): Promise<DatabaseRecord> {
  // Someone else's private database is "not found", as on every other route.
  const database = await requireDatabase(deps.db, user, databaseId, 'read');
  if (database.ownerId !== user.id) {
    throw new AppError('FORBIDDEN', `Only the owner of "${database.name}" can add files to it`, {
      field: 'databaseId',
    });
  }
  if (!isUploadDatabase(deps.dataDir, database)) {
    throw new AppError(
      'FORBIDDEN',
      `"${database.name}" is not an upload database: files can only be added to databases created by an upload`,
      { field: 'databaseId' },
    );
  }
  if (database.safeMode) {
    throw new AppError(
      'CONFLICT',
      `"${database.name}" is in safe mode (read-only): turn safe mode off in its settings to add files`,
      { field: 'databaseId' },
    );
  }
  return database;
}

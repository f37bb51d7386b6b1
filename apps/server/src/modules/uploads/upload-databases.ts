import type { Database } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { authorizeKind } from '../access/authorize.ts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import type { Subject } from '../access/subject.ts';
import { followingSubject } from '../access/subject.ts';
import { listVisibleDatabases, requireDatabase } from '../databases/database-access.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import { presentDatabase } from '../databases/present-database.ts';
import { isUploadDatabase } from '../databases/upload-database-file.ts';
import type { User } from '../users/user.ts';

/** An upload database as the policy's `upload` rules see it; the database rules apply to the rest. */
function uploadSubject(database: DatabaseRecord): Subject {
  return followingSubject('upload', databaseSubject(database));
}

/** Whether the actor may add files to this database (the policy's `write_data` on uploads: its owner). */
function mayAddFiles(actor: Actor, database: DatabaseRecord): boolean {
  return can(actor, 'write_data', uploadSubject(database));
}

/** The upload databases the user may add a file to (GET /api/uploads): their own. */
export async function listUploadDatabases(
  deps: { db: StoreDb; dataDir: string },
  input: { user: User },
): Promise<Database[]> {
  const visible = await listVisibleDatabases(deps.db, input.user);
  return visible
    .filter((database) => mayAddFiles(input.user, database) && isUploadDatabase(deps.dataDir, database))
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
  authorizeKind(
    user,
    'write_data',
    uploadSubject(database),
    `Only the owner of "${database.name}" can add files to it`,
    'databaseId',
  );
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

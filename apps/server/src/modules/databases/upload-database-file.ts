import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DatabaseRecord } from './database-record.ts';

/** Everything uploads keep lives under DATA_DIR/uploads. */
export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

// User ids are ours today (UUIDs, "local-admin"); one from an identity provider may hold any
// character, and must never reach the file system as a path.
function userSegment(userId: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(userId) ? userId : createHash('sha256').update(userId).digest('hex');
}

/** The DuckDB file of an upload database: DATA_DIR/uploads/<userId>/<databaseId>.duckdb. */
export function uploadDatabaseFile(dataDir: string, ownerId: string, databaseId: string): string {
  return path.join(uploadsRoot(dataDir), userSegment(ownerId), `${databaseId}.duckdb`);
}

/**
 * An upload database is a DuckDB file Querent made for its owner, recognised by where the file
 * is: no flag in the store, so a database whose path was edited away is simply no longer one.
 */
export function isUploadDatabase(
  dataDir: string,
  database: Pick<DatabaseRecord, 'id' | 'engine' | 'details' | 'ownerId'>,
): boolean {
  return (
    database.engine === 'motherduck' &&
    database.details.path === uploadDatabaseFile(dataDir, database.ownerId, database.id)
  );
}

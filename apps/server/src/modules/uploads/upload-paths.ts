import { createHash } from 'node:crypto';
import path from 'node:path';

/** Everything uploads keep lives under DATA_DIR/uploads. */
export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Files being received, and intermediate files; emptied as each upload ends. */
export function uploadTempDir(dataDir: string): string {
  return path.join(uploadsRoot(dataDir), 'tmp');
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

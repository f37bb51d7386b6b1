import { constants } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import { newId } from '../../store/values.ts';
import { refuseAnonymous } from '../databases/create-database.ts';
import type { DatabaseDeps } from '../databases/database-deps.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { markSchemaChanged } from '../databases/mark-schema-changed.ts';
import { presentDatabase } from '../databases/present-database.ts';
import { registerDatabase } from '../databases/register-database.ts';
import { uploadDatabaseFile } from '../databases/upload-database-file.ts';
import type { User } from '../users/user.ts';
import { withDuckdbFile } from './duckdb-writer.ts';
import type { FileKind } from './file-kind.ts';
import { checkContent, kindFromName } from './file-kind.ts';
import { KeyedLock } from './keyed-lock.ts';
import type { LoadedTable } from './load-table.ts';
import { loadTable } from './load-table.ts';
import { requireUploadDatabase } from './upload-databases.ts';
import { uploadTempDir } from './upload-paths.ts';

export type UploadDeps = Pick<DatabaseDeps, 'db' | 'secrets' | 'connections' | 'schemaCache'> & {
  dataDir: string;
};

/** A file the route has received in full. */
export interface ReceivedFile {
  /** Where it is on the server; the route removes it afterwards. */
  path: string;
  /** Its name on the user's machine. */
  name: string;
  size: number;
}

export interface UploadFileInput {
  user: User;
  file: ReceivedFile;
  /** An upload database of the user to add the table to; null makes a new one. */
  databaseId: string | null;
  tableName: string | null;
}

export interface UploadResult {
  database: Database;
  table: LoadedTable;
}

const writes = new KeyedLock();
const MAX_DATABASE_NAME = 200;

/** DuckDB keeps a write-ahead log beside the file until it checkpoints. */
async function removeDuckdbFile(file: string): Promise<void> {
  await Promise.all([rm(file, { force: true }), rm(`${file}.wal`, { force: true })]);
}

function loadInto(deps: UploadDeps, file: string, label: string, input: UploadFileInput, kind: FileKind) {
  return withDuckdbFile(file, label, (connection) =>
    loadTable(connection, {
      kind,
      file: input.file.path,
      fileName: input.file.name,
      size: input.file.size,
      requestedName: input.tableName,
      workDir: uploadTempDir(deps.dataDir),
    }),
  );
}

/** A new upload database: the file is made and loaded first, and recorded only once it holds the table. */
async function uploadToNewDatabase(
  deps: UploadDeps,
  input: UploadFileInput,
  kind: FileKind,
): Promise<UploadResult> {
  const id = newId();
  const file = uploadDatabaseFile(deps.dataDir, input.user.id, id);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    const table = await loadInto(deps, file, input.file.name, input, kind);
    const record = await registerDatabase(deps, {
      id,
      name: input.file.name.slice(0, MAX_DATABASE_NAME),
      engine: 'motherduck',
      details: { path: file },
      safeMode: false,
      isPublic: false,
      ownerId: input.user.id,
      organizationId: input.user.organizationId,
      sharedWithOrganization: false,
    });
    return { database: presentDatabase(record, input.user), table };
  } catch (error) {
    await removeDuckdbFile(file);
    throw error;
  }
}

async function uploadToExistingDatabase(
  deps: UploadDeps,
  input: UploadFileInput,
  kind: FileKind,
  database: DatabaseRecord,
): Promise<UploadResult> {
  const file = uploadDatabaseFile(deps.dataDir, database.ownerId, database.id);
  try {
    await access(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new AppError(
      'NOT_FOUND',
      `The data file of "${database.name}" is missing on the server; upload the file as a new database instead`,
      { field: 'databaseId', cause: error },
    );
  }
  // The pooled connector must not hold the file while it is written, and must reopen it afterwards
  // to see the new table.
  await deps.connections.evict(database.id);
  try {
    const table = await loadInto(deps, file, `"${database.name}"`, input, kind);
    const updated = (await markSchemaChanged(deps.db, database.id)) ?? database;
    return { database: presentDatabase(updated, input.user), table };
  } finally {
    await deps.connections.evict(database.id);
    deps.schemaCache.invalidate(database.id);
  }
}

/**
 * POST /api/uploads: the file becomes a table of a DuckDB database owned by the user, a new one
 * or one of their earlier uploads. Any failure leaves nothing behind: no table, no new database,
 * no new file.
 */
export async function uploadFile(deps: UploadDeps, input: UploadFileInput): Promise<UploadResult> {
  refuseAnonymous(input.user, 'upload');
  const database =
    input.databaseId === null ? null : await requireUploadDatabase(deps, input.user, input.databaseId);
  const kind = kindFromName(input.file.name);
  await checkContent(input.file.path, input.file.name, kind);
  if (database === null) return uploadToNewDatabase(deps, input, kind);
  return writes.run(database.id, () => uploadToExistingDatabase(deps, input, kind, database));
}

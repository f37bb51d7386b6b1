import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { StoreConfig } from '../config/settings/server.ts';

/*
 * A consistent copy of the metadata store while the server runs, and putting one back.
 * SQLite: SQLite's online backup API (through better-sqlite3, the store's own driver), which copies
 * a consistent snapshot page by page while other connections keep writing.
 * PostgreSQL: pg_dump in its custom format (one snapshot transaction) and pg_restore.
 */

const run = promisify(execFile);

/** The file name a store's copy takes inside a backup. */
export function storeBackupFile(kind: StoreConfig['kind']): string {
  return kind === 'sqlite' ? 'store.sqlite' : 'store.pgdump';
}

/** The URL without its password, and the password apart, so it never shows in a process list. */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: password === '' ? process.env : { ...process.env, PGPASSWORD: password },
  };
}

async function postgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      throw new Error(
        `${tool} was not found on PATH: install the PostgreSQL client tools (e.g. apt-get install postgresql-client), of the server's major version or newer`,
        { cause: error },
      );
    }
    const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : '';
    throw new Error(`${tool} failed${stderr === '' ? '' : `: ${stderr}`}`, { cause: error });
  }
}

/** Writes a consistent copy of the store to `destination`, the store staying in use meanwhile. */
export async function backupStore(store: StoreConfig, destination: string): Promise<void> {
  if (store.kind === 'sqlite') {
    const database = new Database(store.file, { readonly: true, fileMustExist: true });
    try {
      await database.backup(destination);
    } finally {
      database.close();
    }
    return;
  }
  const { url, env } = splitPassword(store.url);
  await postgresTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${destination}`, `--dbname=${url}`],
    env,
  );
}

/** Whether the store already holds a schema (a restore over it needs to be asked for). */
export async function storeHasData(store: StoreConfig): Promise<boolean> {
  if (store.kind === 'sqlite') {
    try {
      const database = new Database(store.file, { readonly: true, fileMustExist: true });
      try {
        const row = database
          .prepare("select count(*) as n from sqlite_master where type = 'table'")
          .get() as { n: number };
        return row.n > 0;
      } finally {
        database.close();
      }
    } catch {
      return false;
    }
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    return (result.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * Replaces the store's content with a backup's. The server must be stopped: a running one keeps
 * the old SQLite file open, or writes between pg_restore's statements.
 */
export async function restoreStore(store: StoreConfig, source: string): Promise<void> {
  if (store.kind === 'sqlite') {
    // The write-ahead log belongs to the file being replaced; left behind it would be replayed onto the copy.
    for (const suffix of ['', '-wal', '-shm']) await rm(`${store.file}${suffix}`, { force: true });
    await mkdir(path.dirname(store.file), { recursive: true });
    await copyFile(source, store.file);
    return;
  }
  const { url, env } = splitPassword(store.url);
  await postgresTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      source,
    ],
    env,
  );
}

// Data the connect tests point the browser at: Chinook in this machine's PostgreSQL and MariaDB, a
// writable copy of the Chinook SQLite file and a DuckDB file built from it. The server's own fixture
// loaders are reused so both suites agree on what "loaded" means (idempotent, guarded by a lock).
import { chinookMysql, chinookPostgres, chinookSqliteCopy } from '../apps/server/test/fixtures/chinook.ts';
import { chinookDuckdbFile } from '../apps/server/test/fixtures/chinook-duckdb.ts';

/** Environment variables the specs read; workers start after global setup, so they inherit them. */
export const e2eEnv = {
  chinookSqlite: 'E2E_CHINOOK_SQLITE',
  chinookPostgres: 'E2E_CHINOOK_POSTGRES',
  chinookMysql: 'E2E_CHINOOK_MYSQL',
  chinookDuckdb: 'E2E_CHINOOK_DUCKDB',
} as const;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const sqlite = await chinookSqliteCopy();
  process.env[e2eEnv.chinookSqlite] = sqlite.filename;

  // Null when PostgreSQL is missing on a laptop (the specs then skip); under CI=true it throws.
  const postgres = await chinookPostgres();
  if (postgres) process.env[e2eEnv.chinookPostgres] = JSON.stringify(postgres);
  // The same for MariaDB: null skips its spec locally, CI=true throws.
  const mysql = await chinookMysql();
  if (mysql) process.env[e2eEnv.chinookMysql] = JSON.stringify(mysql);

  const duckdb = await chinookDuckdbFile();
  process.env[e2eEnv.chinookDuckdb] = duckdb.path;

  return async () => {
    await sqlite.remove();
    await duckdb.remove();
  };
}

/** The writable Chinook SQLite copy made by global setup. */
export function chinookSqlitePath(): string {
  const filename = process.env[e2eEnv.chinookSqlite];
  if (!filename) throw new Error(`${e2eEnv.chinookSqlite} is not set: run through playwright.config.ts`);
  return filename;
}

/** Where the PostgreSQL Chinook lives, or null when this machine has no PostgreSQL. */
export function chinookPostgresServer(): {
  host: string;
  port: number;
  user: string;
  database: string;
} | null {
  const stored = process.env[e2eEnv.chinookPostgres];
  if (!stored) return null;
  const { host, port, user, database } = JSON.parse(stored) as Record<string, unknown>;
  return { host: String(host), port: Number(port), user: String(user), database: String(database) };
}

/** Where the MariaDB Chinook lives, or null when this machine has no MariaDB. */
export function chinookMysqlServer(): {
  host: string;
  port: number;
  user: string;
  database: string;
} | null {
  const stored = process.env[e2eEnv.chinookMysql];
  if (!stored) return null;
  const { host, port, user, database } = JSON.parse(stored) as Record<string, unknown>;
  return { host: String(host), port: Number(port), user: String(user), database: String(database) };
}

/** The Chinook DuckDB file built by global setup. */
export function chinookDuckdbPath(): string {
  const path = process.env[e2eEnv.chinookDuckdb];
  if (!path) throw new Error(`${e2eEnv.chinookDuckdb} is not set: run through playwright.config.ts`);
  return path;
}

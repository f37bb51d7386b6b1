// Data the connect tests point the browser at: Chinook in this machine's PostgreSQL and a writable
// copy of the Chinook SQLite file. The server's own fixture loader is reused so both suites agree on
// what "loaded" means (idempotent, guarded by an advisory lock).
import { chinookPostgres, chinookSqliteCopy } from '../apps/server/test/fixtures/chinook.ts';

/** Environment variables the specs read; workers start after global setup, so they inherit them. */
export const e2eEnv = {
  chinookSqlite: 'E2E_CHINOOK_SQLITE',
  chinookPostgres: 'E2E_CHINOOK_POSTGRES',
} as const;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const sqlite = await chinookSqliteCopy();
  process.env[e2eEnv.chinookSqlite] = sqlite.filename;

  // Null when PostgreSQL is missing on a laptop (the specs then skip); under CI=true it throws.
  const postgres = await chinookPostgres();
  if (postgres) process.env[e2eEnv.chinookPostgres] = JSON.stringify(postgres);

  return sqlite.remove;
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

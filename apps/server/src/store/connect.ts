import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { CustomTypesConfig } from 'pg';
import type { StoreConfig } from '../config/settings/server.ts';
import type { StoreSchema } from './schema.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { SqliteValuesPlugin } from './sqlite-values-plugin.ts';

export type StoreDialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<StoreSchema>;
  dialect: StoreDialect;
  /** Closes every connection; the store is unusable afterwards. */
  destroy(): Promise<void>;
}

const { builtins, getTypeParser: defaultTypeParser } = pg.types;
const parseTimestamp = defaultTypeParser(builtins.TIMESTAMPTZ) as (value: string) => Date;

/*
 * PostgreSQL answers with Dates, parsed JSON and int8 strings; SQLite with text and numbers.
 * These parsers make PostgreSQL answer like SQLite so repositories need no per-dialect code:
 * timestamps become ISO strings, JSON stays text, counts and sums become numbers.
 */
const storeTypes: CustomTypesConfig = {
  getTypeParser: (id, format) => {
    switch (id) {
      case builtins.JSON:
      case builtins.JSONB:
        return (value: string) => value;
      case builtins.TIMESTAMPTZ:
      case builtins.TIMESTAMP:
        return (value: string) => parseTimestamp(value).toISOString();
      case builtins.INT8:
        return (value: string) => Number(value);
      default:
        return defaultTypeParser(id, format) as unknown;
    }
  },
};

function openSqlite(file: string): Store {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  // WAL lets readers proceed while a write is under way; the busy timeout covers a second process.
  database.pragma('journal_mode = WAL');
  // In WAL mode, NORMAL syncs the log at checkpoints rather than at every commit: a commit stays
  // durable if the process crashes and the file always consistent, only the last commits before a
  // power loss or an OS crash may be lost (SQLite's advice for WAL). FULL's sync per commit cost
  // about 1 ms of waiting for the disk per statement here, two or more for every step of a turn.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<StoreSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [new SqliteValuesPlugin()],
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, types: storeTypes });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

export function createStore(config: StoreConfig): Store {
  return config.kind === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url);
}

/** What repositories take: the whole store or a transaction inside it. */
export type StoreDb = Kysely<StoreSchema>;

/** The cheapest statement that proves the store answers (readiness). */
export async function pingStore(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}

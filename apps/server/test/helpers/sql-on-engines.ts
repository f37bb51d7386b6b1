import { DuckDBInstance } from '@duckdb/node-api';
import type { SqlDialect } from '@querent/contracts';
import Database from 'better-sqlite3';
import { type Connector, createConnector } from '../../src/connectors/index.ts';
import { temporaryDirectory } from '../fixtures/chinook.ts';
import { keyedRows } from './result-rows.ts';
import { openScratchMariadb } from './scratch-mariadb.ts';
import { openScratchPostgres } from './scratch-postgres.ts';

/*
 * A few tables written as SQL, loaded into each local engine (a scratch PostgreSQL and MariaDB
 * database, a fresh SQLite file and a fresh DuckDB file) and read back through Querent's own
 * connectors, so a test compares what the compiler's SQL gives with SQL written by hand.
 */

export interface EngineDatabase {
  label: string;
  dialect: SqlDialect;
  /** The rows of a statement, keyed by column name. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

function reading(
  label: string,
  dialect: SqlDialect,
  connector: Connector,
  cleanup: () => Promise<void>,
): EngineDatabase {
  return {
    label,
    dialect,
    rows: async (sql) =>
      keyedRows(await connector.run(sql, { rowCap: 1000, timeoutMs: 30_000, readOnly: true })),
    dispose: async () => {
      await connector.close();
      await cleanup();
    },
  };
}

export async function postgresWith(statements: readonly string[]): Promise<EngineDatabase> {
  const scratch = await openScratchPostgres(statements.join(';\n'));
  return reading('PostgreSQL', 'postgres', createConnector('postgres', scratch.details), () =>
    scratch.dispose(),
  );
}

/** Null when no MariaDB server is reachable (a laptop without one skips its suite). */
export async function mariadbWith(statements: readonly string[]): Promise<EngineDatabase | null> {
  const scratch = await openScratchMariadb();
  if (scratch === null) return null;
  await scratch.admin.query(`USE ${scratch.database}`);
  for (const statement of statements) await scratch.admin.query(statement);
  return reading('MariaDB', 'mysql', createConnector('mysql', scratch.details), () => scratch.dispose());
}

/** SQLite stores a DATE as it comes: 'YYYY-MM-DD' text, the form its date functions read. */
export async function sqliteWith(statements: readonly string[]): Promise<EngineDatabase> {
  const { dir, remove } = await temporaryDirectory('querent-engines-');
  const filename = `${dir}/tables.sqlite`;
  const setup = new Database(filename);
  setup.exec(statements.join(';\n'));
  setup.close();
  return reading('SQLite', 'sqlite', createConnector('sqlite', { filename }), remove);
}

/** A DuckDB file holding the tables, closed, for a test to connect as a user would. */
export async function writeDuckdbFile(path: string, statements: readonly string[]): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const setup = await instance.connect();
  await setup.run(statements.join(';\n'));
  setup.closeSync();
  instance.closeSync();
}

export async function duckdbWith(statements: readonly string[]): Promise<EngineDatabase> {
  const { dir, remove } = await temporaryDirectory('querent-engines-');
  const path = `${dir}/tables.duckdb`;
  await writeDuckdbFile(path, statements);
  return reading('DuckDB', 'duckdb', createConnector('motherduck', { path }), remove);
}

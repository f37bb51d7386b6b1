import { readdir } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Engine } from '@querent/contracts';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { type ConnectionDetails, createConnector } from '../../src/connectors/index.ts';
import { mysqlServer, postgresServer, temporaryDirectory } from '../fixtures/chinook.ts';
import { requireService } from '../fixtures/services.ts';
import { runAdminStatement } from '../helpers/postgres-admin.ts';
import { keyedRows } from '../helpers/result-rows.ts';
import { uniqueSuffix } from '../helpers/unique-suffix.ts';

/**
 * A small writable table per engine for the safe-mode suite, never the shared Chinook data:
 * a scratch database in PostgreSQL and in MariaDB, fresh SQLite and DuckDB files.
 */
export interface ScratchDatabase {
  label: string;
  engine: Engine;
  details: ConnectionDetails;
  /** Names put into the statements: {t} the table, {s} its schema, {dir} a directory files must not appear in. */
  names: { t: string; s: string; dir: string };
  /** Everything a write could change (rows, sequence, tables, files), read from outside the connector. */
  state(): Promise<unknown>;
  /** A read-looking statement that writes, which only the database's own read-only switch can stop. */
  disguisedWrite: string | null;
  /**
   * Details of a login made for the test that may only read the scratch table (the details above
   * are a superuser's), for servers that have logins; dropped by dispose().
   */
  leastPrivilege: (() => Promise<ConnectionDetails>) | null;
  /** Runs setup SQL as the administrator (grants, revokes); null for file databases. */
  run: ((sql: string) => Promise<void>) | null;
  dispose(): Promise<void>;
}

/** A statement with the scratch's names put in for {t}, {s} and {dir}. */
export function fillNames(sql: string, names: ScratchDatabase['names']): string {
  return sql.replaceAll('{t}', names.t).replaceAll('{s}', names.s).replaceAll('{dir}', names.dir);
}

export async function postgresScratch(): Promise<ScratchDatabase | null> {
  const maintenance = { ...postgresServer, database: 'postgres', connectionTimeoutMillis: 3000 };
  const s = `querent_scratch_${uniqueSuffix()}`;
  // A database of its own, so no suite reading Chinook's schemas meets the scratch table.
  try {
    await runAdminStatement(maintenance, `CREATE DATABASE ${s}`);
  } catch (error) {
    return requireService('PostgreSQL', `${postgresServer.host}:${postgresServer.port}`, error);
  }
  const admin = new pg.Client({ ...postgresServer, database: s });
  await admin.connect();
  const t = `${s}.items`;
  const { dir, remove } = await temporaryDirectory('querent-scratch-');
  await admin.query(`
    CREATE SCHEMA ${s};
    CREATE TABLE ${t} (id serial PRIMARY KEY, name text NOT NULL);
    INSERT INTO ${t} (name) VALUES ('ant'), ('bee'), ('cat');
    CREATE FUNCTION ${s}.zap() RETURNS bigint LANGUAGE sql
      AS 'WITH d AS (DELETE FROM ${t} RETURNING 1) SELECT count(*) FROM d';`);
  return {
    label: 'PostgreSQL',
    engine: 'postgres',
    details: { ...postgresServer, database: s },
    names: { t, s, dir },
    state: async () => {
      const result = await admin.query<Record<string, unknown>>(
        `SELECT (SELECT string_agg(id || ':' || name, ',' ORDER BY id) FROM ${t}) AS rows,
                (SELECT last_value FROM ${s}.items_id_seq) AS sequence,
                (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1) AS relations,
                (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory') AS advisory_locks`,
        [s],
      );
      return { ...result.rows[0], files: await readdir(dir) };
    },
    disguisedWrite: `SELECT ${s}.zap()`,
    leastPrivilege: async () => {
      await admin.query(`
        CREATE ROLE ${s}_reader LOGIN PASSWORD 'reader';
        GRANT USAGE ON SCHEMA ${s} TO ${s}_reader;
        GRANT SELECT ON ${t} TO ${s}_reader;`);
      return { ...postgresServer, user: `${s}_reader`, password: 'reader', database: s };
    },
    run: async (sql) => {
      await admin.query(sql);
    },
    dispose: async () => {
      await admin.end();
      await runAdminStatement(maintenance, `DROP DATABASE ${s} WITH (FORCE)`);
      await runAdminStatement(maintenance, `DROP ROLE IF EXISTS ${s}_reader`);
      await remove();
    },
  };
}

export async function mysqlScratch(): Promise<ScratchDatabase | null> {
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection({ ...mysqlServer, connectTimeout: 3000, multipleStatements: true });
  } catch (error) {
    return requireService('MariaDB', `${mysqlServer.host}:${mysqlServer.port}`, error);
  }
  const s = `querent_scratch_${uniqueSuffix()}`;
  const { dir, remove } = await temporaryDirectory('querent-scratch-');
  await admin.query(`
    CREATE DATABASE ${s};
    CREATE TABLE ${s}.items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20) NOT NULL);
    INSERT INTO ${s}.items (name) VALUES ('ant'), ('bee'), ('cat');`);
  let disguisedWrite: string | null = `SELECT ${s}.zap()`;
  try {
    await admin.query(
      `CREATE FUNCTION ${s}.zap() RETURNS INT MODIFIES SQL DATA BEGIN DELETE FROM ${s}.items; RETURN 1; END`,
    );
  } catch {
    // With binary logging on, creating functions needs a privilege this server may not grant.
    disguisedWrite = null;
  }
  return {
    label: 'MariaDB',
    engine: 'mysql',
    details: { ...mysqlServer, database: s },
    names: { t: 'items', s, dir },
    state: async () => {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        `SELECT (SELECT GROUP_CONCAT(CONCAT(id, ':', name) ORDER BY id) FROM ${s}.items) AS \`rows\`,
                (SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?) AS tables,
                (SELECT count(*) FROM information_schema.PROCESSLIST WHERE STATE LIKE '%lock%') AS waiting`,
        [s],
      );
      return { ...rows[0], files: await readdir(dir) };
    },
    disguisedWrite,
    leastPrivilege: async () => {
      await admin.query(`
        CREATE USER '${s}_r'@'%' IDENTIFIED BY 'reader';
        GRANT SELECT ON ${s}.items TO '${s}_r'@'%';`);
      return { ...mysqlServer, user: `${s}_r`, password: 'reader', database: s };
    },
    run: async (sql) => {
      await admin.query(sql);
    },
    dispose: async () => {
      await admin.query(`DROP USER IF EXISTS '${s}_r'@'%'`);
      await admin.query(`DROP DATABASE ${s}`);
      await admin.end();
      await remove();
    },
  };
}

export async function sqliteScratch(): Promise<ScratchDatabase> {
  const { dir, remove } = await temporaryDirectory('querent-scratch-');
  const filename = `${dir}/scratch.sqlite`;
  const setup = new Database(filename);
  setup.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
    INSERT INTO items (name) VALUES ('ant'), ('bee'), ('cat');`);
  setup.close();
  return {
    label: 'SQLite',
    engine: 'sqlite',
    details: { filename },
    names: { t: 'items', s: 'main', dir },
    state: async () => {
      const db = new Database(filename, { readonly: true });
      try {
        return {
          rows: db
            .prepare("SELECT group_concat(id || ':' || name) AS rows FROM (SELECT * FROM items ORDER BY id)")
            .get(),
          schema: db.prepare('SELECT count(*) AS n FROM sqlite_schema').get(),
          sequence: db.prepare('SELECT seq FROM sqlite_sequence').all(),
          userVersion: db.pragma('user_version', { simple: true }),
          journal: db.pragma('journal_mode', { simple: true }),
          files: await readdir(dir),
        };
      } finally {
        db.close();
      }
    },
    disguisedWrite: null,
    leastPrivilege: null,
    run: null,
    dispose: remove,
  };
}

export async function duckdbScratch(): Promise<ScratchDatabase> {
  const { dir, remove } = await temporaryDirectory('querent-scratch-');
  const path = `${dir}/scratch.duckdb`;
  // The connector never creates files (a typo must not make an empty database), so DuckDB does.
  const instance = await DuckDBInstance.create(path);
  const setup = await instance.connect();
  await setup.run(`
    CREATE SEQUENCE items_seq;
    CREATE TABLE items (id INTEGER DEFAULT nextval('items_seq') PRIMARY KEY, name VARCHAR NOT NULL);
    INSERT INTO items (name) VALUES ('ant'), ('bee'), ('cat');`);
  setup.closeSync();
  instance.closeSync();
  // DuckDB allows one writer per file, and the connector under test holds it: read through a
  // read-only connector of its own.
  const reader = createConnector('motherduck', { path });
  return {
    label: 'DuckDB',
    engine: 'motherduck',
    details: { path },
    names: { t: 'items', s: 'main', dir },
    state: async () => {
      const result = await reader.run(
        `SELECT (SELECT string_agg(id || ':' || name, ',' ORDER BY id) FROM items) AS rows,
                (SELECT count(*) FROM duckdb_tables()) AS tables,
                (SELECT count(*) FROM duckdb_sequences()) AS sequences`,
        { rowCap: 10, timeoutMs: 10_000, readOnly: true },
      );
      return {
        ...keyedRows(result)[0],
        files: (await readdir(dir)).filter((name) => !name.startsWith('scratch.duckdb')),
      };
    },
    disguisedWrite: null,
    leastPrivilege: null,
    run: null,
    dispose: async () => {
      await reader.close();
      await remove();
    },
  };
}

import { DuckDBInstance } from '@duckdb/node-api';
import type { Engine } from '@querent/contracts';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { chinookDuckdbFile } from '../fixtures/chinook-duckdb.ts';
import {
  chinookDatabase,
  chinookMysql,
  chinookPostgres,
  chinookSqliteCopy,
  mysqlServer,
  postgresServer,
  temporaryDirectory,
} from '../fixtures/chinook.ts';
import { bigqueryChinook, snowflakeChinook } from './chinook-cloud-fakes.ts';
import { runAdminStatement } from './postgres-admin.ts';
import { uniqueSuffix } from './unique-suffix.ts';

/*
 * Where the data-quality suites run their checks, per engine: Chinook as loaded for the connector
 * suites (clean data), and three small tables with defects planted on purpose (qa_customers,
 * qa_orders) or none (qa_clean). PostgreSQL and MariaDB get a scratch database each, SQLite
 * and DuckDB fresh files, the Snowflake and BigQuery fakes the tables added to their Chinook copy.
 */

/** A table as the engine names it: its schema ('' where the database has none to name). */
export interface Place {
  schema: string;
  name: string;
}

export interface QualityTarget {
  label: string;
  engine: Engine;
  /** Variables the app needs to reach this engine (the fakes' endpoints). */
  env: Record<string, string>;
  chinook: { details: Record<string, unknown>; track: Place; album: Place; columns: ChinookColumns };
  defects: {
    details: Record<string, unknown>;
    customers: Place;
    orders: Place;
    clean: Place;
    /** A column name as the engine spells it. */
    column: (name: string) => string;
  };
  dispose(): Promise<void>;
}

export interface ChinookColumns {
  trackId: string;
  name: string;
  albumId: string;
  mediaTypeId: string;
  milliseconds: string;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, an hour ago: fresh for a check that allows a day. */
export function anHourAgo(): string {
  return new Date(Date.now() - 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

interface ColumnTypes {
  int: string;
  text: string;
  num: string;
  ts: string;
}

/**
 * The planted defects. qa_customers: email missing twice (NULL and blanks), repeated once, a
 * country outside US/FR/DE, a score outside 0–100. qa_orders: a customer_id with no customer and
 * one NULL, a status outside shipped/delivered, (customer_id, status) repeated once, nothing newer
 * than 2020. qa_clean: nothing wrong, and updated an hour ago.
 */
export function defectStatements(types: ColumnTypes, table: (name: string) => string): string[] {
  const fresh = `'${anHourAgo()}'`;
  return [
    `CREATE TABLE ${table('qa_customers')} (id ${types.int} PRIMARY KEY, email ${types.text}, country ${types.text} NOT NULL, score ${types.num}, created_at ${types.ts})`,
    `INSERT INTO ${table('qa_customers')} (id, email, country, score, created_at) VALUES
      (1, 'a@example.com', 'US', 10, ${fresh}),
      (2, NULL, 'US', 20, ${fresh}),
      (3, '   ', 'FR', 30, ${fresh}),
      (4, 'd@example.com', 'FR', 40, ${fresh}),
      (5, 'd@example.com', 'DE', 50, ${fresh}),
      (6, 'f@example.com', 'XX', 60, ${fresh}),
      (7, 'g@example.com', 'DE', 150, ${fresh}),
      (8, 'h@example.com', 'US', 80, ${fresh})`,
    `CREATE TABLE ${table('qa_orders')} (id ${types.int} PRIMARY KEY, customer_id ${types.int}, status ${types.text}, ordered_at ${types.ts})`,
    `INSERT INTO ${table('qa_orders')} (id, customer_id, status, ordered_at) VALUES
      (1, 1, 'shipped', '2020-01-01 10:00:00'),
      (2, 2, 'shipped', '2020-01-02 10:00:00'),
      (3, 99, 'shipped', '2020-01-03 10:00:00'),
      (4, NULL, 'shipped', '2020-01-04 10:00:00'),
      (5, 4, 'lost', '2020-01-05 10:00:00'),
      (6, 1, 'shipped', '2020-01-06 10:00:00')`,
    `CREATE TABLE ${table('qa_clean')} (id ${types.int} PRIMARY KEY, code ${types.text} NOT NULL, amount ${types.num}, updated_at ${types.ts})`,
    `INSERT INTO ${table('qa_clean')} (id, code, amount, updated_at) VALUES
      (1, 'A', 1.5, ${fresh}), (2, 'B', 2.5, ${fresh}), (3, 'C', 3.5, ${fresh})`,
  ];
}

const pascalColumns: ChinookColumns = {
  trackId: 'TrackId',
  name: 'Name',
  albumId: 'AlbumId',
  mediaTypeId: 'MediaTypeId',
  milliseconds: 'Milliseconds',
};

const plain = (name: string) => name;

export async function postgresQuality(): Promise<QualityTarget | null> {
  const details = await chinookPostgres();
  if (!details) return null;
  // Its own database, so a suite reading Chinook's schemas never meets these tables, nor those of
  // another suite running at the same time. Two schemas in it (the defects in one, the clean table
  // in public), so the analyst writes qualified names, as on any database of several schemas.
  const database = `querent_quality_${uniqueSuffix()}`;
  const schema = 'quality';
  const schemaOf = (name: string) => (name === 'qa_clean' ? 'public' : schema);
  await runAdminStatement({ ...postgresServer, database: 'postgres' }, `CREATE DATABASE ${database}`);
  const admin = new pg.Client({ ...postgresServer, database });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  for (const statement of defectStatements(
    { int: 'integer', text: 'varchar(100)', num: 'numeric(6,2)', ts: 'timestamp' },
    (name) => `${schemaOf(name)}.${name}`,
  )) {
    await admin.query(statement);
  }
  return {
    label: 'PostgreSQL',
    engine: 'postgres',
    env: {},
    chinook: {
      details,
      track: { schema: 'public', name: 'track' },
      album: { schema: 'public', name: 'album' },
      columns: {
        trackId: 'track_id',
        name: 'name',
        albumId: 'album_id',
        mediaTypeId: 'media_type_id',
        milliseconds: 'milliseconds',
      },
    },
    defects: {
      details: { ...details, database },
      customers: { schema, name: 'qa_customers' },
      orders: { schema, name: 'qa_orders' },
      clean: { schema: 'public', name: 'qa_clean' },
      column: plain,
    },
    dispose: async () => {
      await admin.end();
      await runAdminStatement(
        { ...postgresServer, database: 'postgres' },
        `DROP DATABASE ${database} WITH (FORCE)`,
      );
    },
  };
}

export async function mysqlQuality(): Promise<QualityTarget | null> {
  const details = await chinookMysql();
  if (!details) return null;
  const admin = await mysql.createConnection({ ...mysqlServer });
  const database = `querent_quality_${uniqueSuffix()}`;
  await admin.query(`CREATE DATABASE ${database}`);
  for (const statement of defectStatements(
    { int: 'INT', text: 'VARCHAR(100)', num: 'DECIMAL(6,2)', ts: 'DATETIME' },
    (name) => `${database}.${name}`,
  )) {
    await admin.query(statement);
  }
  return {
    label: 'MariaDB',
    engine: 'mysql',
    env: {},
    chinook: {
      details,
      track: { schema: chinookDatabase, name: 'Track' },
      album: { schema: chinookDatabase, name: 'Album' },
      columns: pascalColumns,
    },
    defects: {
      details: { ...mysqlServer, database },
      customers: { schema: database, name: 'qa_customers' },
      orders: { schema: database, name: 'qa_orders' },
      clean: { schema: database, name: 'qa_clean' },
      column: plain,
    },
    dispose: async () => {
      await admin.query(`DROP DATABASE ${database}`);
      await admin.end();
    },
  };
}

export async function sqliteQuality(): Promise<QualityTarget> {
  const copy = await chinookSqliteCopy();
  const { dir, remove } = await temporaryDirectory('querent-quality-');
  const filename = `${dir}/defects.sqlite`;
  const setup = new Database(filename);
  for (const statement of defectStatements(
    { int: 'INTEGER', text: 'TEXT', num: 'NUMERIC', ts: 'TEXT' },
    plain,
  )) {
    setup.exec(statement);
  }
  setup.close();
  return {
    label: 'SQLite',
    engine: 'sqlite',
    env: {},
    chinook: {
      details: { filename: copy.filename },
      track: { schema: 'main', name: 'Track' },
      album: { schema: 'main', name: 'Album' },
      columns: pascalColumns,
    },
    defects: {
      details: { filename },
      customers: { schema: 'main', name: 'qa_customers' },
      orders: { schema: 'main', name: 'qa_orders' },
      clean: { schema: 'main', name: 'qa_clean' },
      column: plain,
    },
    dispose: async () => {
      await copy.remove();
      await remove();
    },
  };
}

export async function duckdbQuality(): Promise<QualityTarget> {
  const file = await chinookDuckdbFile();
  const { dir, remove } = await temporaryDirectory('querent-quality-');
  const path = `${dir}/defects.duckdb`;
  const instance = await DuckDBInstance.create(path);
  const setup = await instance.connect();
  for (const statement of defectStatements(
    { int: 'INTEGER', text: 'VARCHAR', num: 'DECIMAL(6,2)', ts: 'TIMESTAMP' },
    plain,
  )) {
    await setup.run(statement);
  }
  setup.closeSync();
  instance.closeSync();
  return {
    label: 'DuckDB',
    engine: 'motherduck',
    env: {},
    chinook: {
      details: { path: file.path },
      track: { schema: 'main', name: 'Track' },
      album: { schema: 'main', name: 'Album' },
      columns: pascalColumns,
    },
    defects: {
      details: { path },
      customers: { schema: 'main', name: 'qa_customers' },
      orders: { schema: 'main', name: 'qa_orders' },
      clean: { schema: 'main', name: 'qa_clean' },
      column: plain,
    },
    dispose: async () => {
      await file.remove();
      await remove();
    },
  };
}

// The fakes run SQL on SQLite: declared types map to each engine's names in their catalogues.
const fakeTypes: ColumnTypes = { int: 'INTEGER', text: 'NVARCHAR(100)', num: 'NUMERIC(6,2)', ts: 'DATETIME' };

function plantInCopy(db: Database.Database): void {
  for (const statement of defectStatements(fakeTypes, plain)) db.exec(statement);
}

export async function snowflakeQuality(): Promise<QualityTarget> {
  const chinook = await snowflakeChinook(plantInCopy);
  const { details } = chinook;
  // Its catalogue names everything in upper case, as Snowflake does with unquoted names.
  const upper = (name: string) => name.toUpperCase();
  return {
    label: 'Snowflake (fake)',
    engine: 'snowflake',
    env: chinook.env,
    chinook: {
      details,
      track: { schema: 'PUBLIC', name: 'TRACK' },
      album: { schema: 'PUBLIC', name: 'ALBUM' },
      columns: {
        trackId: 'TRACKID',
        name: 'NAME',
        albumId: 'ALBUMID',
        mediaTypeId: 'MEDIATYPEID',
        milliseconds: 'MILLISECONDS',
      },
    },
    defects: {
      details,
      customers: { schema: 'PUBLIC', name: 'QA_CUSTOMERS' },
      orders: { schema: 'PUBLIC', name: 'QA_ORDERS' },
      clean: { schema: 'PUBLIC', name: 'QA_CLEAN' },
      column: upper,
    },
    dispose: () => chinook.close(),
  };
}

export async function bigqueryQuality(): Promise<QualityTarget> {
  const chinook = await bigqueryChinook(plantInCopy);
  const { details } = chinook;
  return {
    label: 'BigQuery (fake)',
    engine: 'bigquery',
    env: chinook.env,
    chinook: {
      details,
      track: { schema: 'chinook', name: 'Track' },
      album: { schema: 'chinook', name: 'Album' },
      columns: pascalColumns,
    },
    defects: {
      details,
      customers: { schema: 'chinook', name: 'qa_customers' },
      orders: { schema: 'chinook', name: 'qa_orders' },
      clean: { schema: 'chinook', name: 'qa_clean' },
      column: plain,
    },
    dispose: () => chinook.close(),
  };
}

/** Every engine's target this machine can reach: the four real engines when their servers answer, and the two fakes. */
export async function openQualityTargets(): Promise<QualityTarget[]> {
  const targets = await Promise.all([
    postgresQuality(),
    mysqlQuality(),
    sqliteQuality(),
    duckdbQuality(),
    snowflakeQuality(),
    bigqueryQuality(),
  ]);
  return targets.filter((target): target is QualityTarget => target !== null);
}

/** The variables an app needs to reach every one of `targets`. */
export function combineTargetEnvs(targets: readonly QualityTarget[]): Record<string, string> {
  return Object.assign({}, ...targets.map((target) => target.env)) as Record<string, string>;
}

/** A table's name as a query writes it: with its schema where it has one. */
export function qualifiedName(place: Place): string {
  return place.schema ? `${place.schema}.${place.name}` : place.name;
}

import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral, sqlDialects } from '@querent/contracts';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlServer, postgresServer } from '../fixtures/chinook.ts';

/*
 * A literal quoteLiteral writes reads back as the very value on the real engines, whatever the
 * server's backslash setting: MySQL with and without NO_BACKSLASH_ESCAPES, PostgreSQL with
 * standard_conforming_strings on and off. A value a person typed must never end a string early.
 */

const values = ["it's", 'a\\b', "\\'", "'\\\\", '%_\\%', "O'Brien \\ ''", 'plain'];

describe('string literals on MariaDB', () => {
  let connection: mysql.Connection;
  beforeAll(async () => {
    connection = await mysql.createConnection({ ...mysqlServer });
  });
  afterAll(async () => connection.end());

  it.each(['', 'NO_BACKSLASH_ESCAPES'])('read back as written with sql_mode %j', async (mode) => {
    await connection.query(`SET SESSION sql_mode = '${mode}'`);
    for (const value of values) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT ${quoteLiteral(value, sqlDialects.mysql)} AS v`,
      );
      expect(rows[0]?.v, value).toBe(value);
    }
  });
});

describe('string literals on PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ ...postgresServer, database: 'postgres' });
    await client.connect();
  });
  afterAll(async () => client.end());

  it.each(['on', 'off'])('read back as written with standard_conforming_strings %s', async (setting) => {
    await client.query(`SET standard_conforming_strings = ${setting}`);
    await client.query('SET escape_string_warning = off');
    for (const value of values) {
      const result = await client.query<{ v: string }>(
        `SELECT ${quoteLiteral(value, sqlDialects.postgres)} AS v`,
      );
      expect(result.rows[0]?.v, value).toBe(value);
    }
  });
});

describe('string literals on the file engines', () => {
  it('read back as written on SQLite', () => {
    const database = new Database(':memory:');
    for (const value of values) {
      const row = database.prepare(`SELECT ${quoteLiteral(value, sqlDialects.sqlite)} AS v`).get() as {
        v: string;
      };
      expect(row.v, value).toBe(value);
    }
    database.close();
  });

  it('read back as written on DuckDB', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    for (const value of values) {
      const reader = await connection.runAndReadAll(`SELECT ${quoteLiteral(value, sqlDialects.duckdb)} AS v`);
      expect(reader.getRowObjects()[0]?.v, value).toBe(value);
    }
    connection.closeSync();
    instance.closeSync();
  });
});

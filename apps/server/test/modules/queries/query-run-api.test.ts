import type { Database, RunQueryResult } from '@querent/contracts';
import Database3 from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBool } from '../../../src/store/values.ts';
import { chinookMysql, chinookPostgres, chinookSqliteCopy } from '../../fixtures/chinook.ts';
import { addDatabase } from '../../helpers/factories.ts';
import { cell, expectRowShape } from '../../helpers/result-rows.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient, expectError } from '../../helpers/api-client.ts';
import type { ScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { openScratchPostgres } from '../../helpers/scratch-postgres.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

/** POST /api/query/_run against real engines: caps, errors, safe mode, timeouts, cancellation. */
const postgres = await chinookPostgres();
const mariadb = await chinookMysql();

let running: RunningApp;
let api: ApiClient;
let sqlite: { filename: string; remove: () => Promise<void> };
let chinook: Database;

beforeAll(async () => {
  sqlite = await chinookSqliteCopy();
  running = await startTestApp({ QUERY_ROW_CAP: '100' });
  api = apiClient(running.baseUrl);
  chinook = await addDatabase(api, {
    name: 'Chinook',
    engine: 'sqlite',
    details: { filename: sqlite.filename },
  });
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

const run = (databaseId: string, query: string, signal?: AbortSignal) =>
  api.post<RunQueryResult>('/api/query/_run', { databaseId, query }, signal ? { signal } : {});

/**
 * Rows are arrays of cells in the order of `columns`, on the wire: a repeated name keeps both
 * cells (the second column renamed `a_1`), and the order is the statement's, not alphabetical.
 */
async function expectRowsInColumnOrder(databaseId: string): Promise<void> {
  const repeated = await run(databaseId, 'SELECT 1 AS a, 2 AS a');
  expect(repeated.status, repeated.text).toBe(200);
  expect(repeated.body.columns.map((column) => column.name)).toEqual(['a', 'a_1']);
  expect(repeated.body.rows).toEqual([[1, 2]]);
  expect(JSON.parse(repeated.text)).toMatchObject({ rows: [[1, 2]] });

  const ordered = await run(
    databaseId,
    "SELECT 'z' AS zeta, NULL AS alpha, 3 AS mid UNION ALL SELECT 'y', 'x', 4",
  );
  expect(ordered.status, ordered.text).toBe(200);
  expect(ordered.body.columns.map((column) => column.name)).toEqual(['zeta', 'alpha', 'mid']);
  expect(ordered.body.rows).toEqual([
    ['z', null, 3],
    ['y', 'x', 4],
  ]);
  expect(ordered.body).toMatchObject({ count: 2, truncated: false });
}

describe('on the Chinook SQLite file', () => {
  it('returns rows, columns and the exact count of a result that fits', async () => {
    const result = await run(chinook.id, 'SELECT GenreId, Name FROM Genre ORDER BY GenreId');
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ count: 25, truncated: false });
    expect(result.body.rows).toHaveLength(25);
    expect(result.body.columns.map((column) => column.name)).toEqual(['GenreId', 'Name']);
    expect(result.body.rows[0]).toEqual([1, 'Rock']);
    expect(result.body.rows.at(-1)).toEqual([25, 'Opera']);
    expect(result.body.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('cuts a long result at QUERY_ROW_CAP and still counts it', async () => {
    const result = await run(chinook.id, 'SELECT * FROM Track ORDER BY TrackId');
    expect(result.body).toMatchObject({ truncated: true, count: 3503 });
    expect(result.body.rows).toHaveLength(100);
    expectRowShape(result.body);
    expect(cell(result.body, result.body.rows[99], 'TrackId')).toBe(100);
  });

  it('answers rows as arrays of cells in the order of columns, repeated names included', async () => {
    await expectRowsInColumnOrder(chinook.id);
  });

  it("answers a failing statement with the database's own message, and records every run", async () => {
    const sql = 'SELECT nope FROM Track';
    let expected = '';
    const direct = new Database3(sqlite.filename, { readonly: true });
    try {
      direct.prepare(sql).all();
    } catch (error) {
      expected = (error as Error).message;
    } finally {
      direct.close();
    }
    expect(expected).toBe('no such column: nope');
    expectError(await run(chinook.id, sql), 400, { code: 'BAD_REQUEST', message: expected });

    const history = await running.built.store.db
      .selectFrom('queries')
      .selectAll()
      .where('database_id', '=', chinook.id)
      .orderBy('ran_at')
      .execute();
    const failed = history.find((row) => row.sql === sql);
    expect(failed).toMatchObject({ owner_id: 'local-admin', error: expected, count: null, rows: null });
    expect(readBool(failed?.is_saved)).toBe(false);
    const cut = history.find((row) => row.sql === 'SELECT * FROM Track ORDER BY TrackId');
    expect(cut).toMatchObject({ count: 3503, error: null, rows: null });
    expect(readBool(cut?.truncated)).toBe(true);
    expect(cut?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(cut?.ran_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('names bad input and hides unknown databases', async () => {
    expectError(await api.post('/api/query/_run', { databaseId: chinook.id }), 400, { field: 'query' });
    expectError(await api.post('/api/query/_run', { query: 'select 1' }), 400, { field: 'databaseId' });
    expectError(await run('no-such-database', 'select 1'), 404, { code: 'NOT_FOUND' });
  });
});

describe.skipIf(!mariadb)('on the Chinook MariaDB database', () => {
  it("answers a failing statement with MariaDB's own message", async () => {
    const database = await addDatabase(api, { name: 'Maria', engine: 'mysql', details: mariadb });
    const sql = 'SELECT nope FROM Track';
    const direct = await mysql.createConnection({ ...mariadb });
    const expected = await direct.query(sql).then(
      () => '',
      (error: unknown) => (error as Error).message,
    );
    await direct.end();
    expect(expected).toMatch(/Unknown column 'nope'/);
    expectError(await run(database.id, sql), 400, { message: expected });
    expect((await run(database.id, 'SELECT count(*) AS n FROM Track')).body).toMatchObject({
      columns: [{ name: 'n' }],
      rows: [[3503]],
    });
    await expectRowsInColumnOrder(database.id);
  });
});

describe.skipIf(!postgres)('on PostgreSQL', () => {
  let scratch: ScratchPostgres;
  let database: Database;

  beforeAll(async () => {
    scratch = await openScratchPostgres(`
      CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL);
      INSERT INTO items (name) VALUES ('ant'), ('bee'), ('cat');`);
    database = await addDatabase(api, {
      name: 'Scratch',
      engine: 'postgres',
      details: scratch.details,
      safe_mode: true,
    });
  });

  afterAll(async () => {
    await scratch.dispose();
  });

  const items = async () =>
    (await scratch.client.query<{ id: number; name: string }>('SELECT id, name FROM items ORDER BY id')).rows;

  it('answers rows as arrays of cells in the order of columns, repeated names included', async () => {
    await expectRowsInColumnOrder(database.id);
  });

  it("answers a failing statement with PostgreSQL's own message", async () => {
    const chinookPg = await addDatabase(api, { name: 'Chinook PG', engine: 'postgres', details: postgres });
    const sql = 'SELECT nope FROM artist';
    const expected = await scratch.client.query('SELECT nope FROM items').then(
      () => '',
      (error: unknown) => (error as Error).message,
    );
    expect(expected).toBe('column "nope" does not exist');
    expectError(await run(chinookPg.id, sql), 400, { code: 'BAD_REQUEST', message: expected });
  });

  it('refuses writes under safe mode, leaving the table unchanged, and allows them without', async () => {
    const before = await items();
    for (const sql of [
      'DELETE FROM items',
      'UPDATE items SET name = $$x$$',
      'WITH gone AS (DELETE FROM items RETURNING *) SELECT * FROM gone',
      'SELECT * INTO copied FROM items',
    ]) {
      expectError(await run(database.id, sql), 400, { message: /Safe mode is on/ });
    }
    expect(await items()).toEqual(before);
    expect((await run(database.id, 'SELECT count(*)::int AS n FROM items')).body).toMatchObject({
      columns: [{ name: 'n' }],
      rows: [[3]],
    });

    await api.put(`/api/databases/${database.id}`, { safe_mode: false });
    expect((await run(database.id, "UPDATE items SET name = 'ape' WHERE id = 1")).status).toBe(200);
    expect((await items())[0]).toEqual({ id: 1, name: 'ape' });
    await api.put(`/api/databases/${database.id}`, { safe_mode: true });
  });

  it("stops a statement at the database's statement timeout", async () => {
    const slow = await addDatabase(api, {
      name: 'Slow',
      engine: 'postgres',
      details: scratch.details,
      statement_timeout_ms: 300,
    });
    expectError(await run(slow.id, 'SELECT pg_sleep(5)'), 400, { message: /longer than the 300 ms limit/ });
  });

  it('cancels the statement in the database when the client goes away', async () => {
    const marker = `querent_cancel_${Date.now()}`;
    const controller = new AbortController();
    const request = run(database.id, `SELECT pg_sleep(30), '${marker}'`, controller.signal).catch(
      (error: unknown) => error,
    );
    const active = async () => {
      const { rows } = await scratch.client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND pid <> pg_backend_pid()",
        [marker],
      );
      return rows[0]?.n ?? 0;
    };
    await waitUntil(async () => (await active()) === 1, 'the statement to start');
    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    await waitUntil(async () => (await active()) === 0, 'the statement to be cancelled', 5000);
    const recorded = await waitUntil(
      () =>
        running.built.store.db
          .selectFrom('queries')
          .select('error')
          .where('sql', 'like', `%${marker}%`)
          .executeTakeFirst(),
      'the run to be recorded',
    );
    expect(recorded.error).toMatch(/cancelled/);
  });

  it("closes the database's connections when it is deleted", async () => {
    const sessions = async () => {
      const { rows } = await scratch.client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'querent'",
        [scratch.database],
      );
      return rows[0]?.n ?? 0;
    };
    const doomed = await addDatabase(api, { name: 'Doomed', engine: 'postgres', details: scratch.details });
    expect((await run(doomed.id, 'SELECT 1 AS one')).status).toBe(200);
    await waitUntil(async () => (await sessions()) > 0, 'a pooled session');
    const before = await sessions();
    expect((await api.del(`/api/databases/${doomed.id}`)).status).toBe(204);
    await waitUntil(async () => (await sessions()) < before, 'the pool to close');
  });
});

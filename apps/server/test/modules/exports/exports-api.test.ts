import type { Database, SavedQuery } from '@querent/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import { download, parseCsv } from '../../helpers/exports-download.ts';
import { chinookPostgres } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError, TEST_USER_HEADER } from '../../helpers/api-client.ts';
import type { ScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { openScratchPostgres } from '../../helpers/scratch-postgres.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * CSV and XLSX exports against PostgreSQL: the file holds exactly the rows the database returns
 * (read here with pg directly), quoting is RFC 4180, safe mode holds, access is checked.
 */
const chinook = await chinookPostgres();

const trackSql = `SELECT t.track_id, t.name, t.composer, t.unit_price, a.title AS album, g.name AS genre
FROM track t JOIN album a ON a.album_id = t.album_id LEFT JOIN genre g ON g.genre_id = t.genre_id
ORDER BY t.track_id`;
const invoiceSql = 'SELECT invoice_id, invoice_date, billing_state, total FROM invoice ORDER BY invoice_id';

/** Rows as PostgreSQL prints them (text, NULL as null), read without Querent. */
async function rowsFromPostgres(
  details: pg.ClientConfig,
  sql: string,
): Promise<{ names: string[]; types: number[]; rows: (string | null)[][] }> {
  const client = new pg.Client({
    ...details,
    types: { getTypeParser: () => (text: string) => text },
  });
  await client.connect();
  try {
    const result = await client.query<(string | null)[]>({ text: sql, rowMode: 'array' });
    return {
      names: result.fields.map((field) => field.name),
      types: result.fields.map((field) => field.dataTypeID),
      rows: result.rows,
    };
  } finally {
    await client.end();
  }
}

const numericOid = 1700;

describe.skipIf(!chinook)('exports on PostgreSQL', () => {
  let running: RunningApp;
  let api: ApiClient;
  let database: Database;
  let scratch: ScratchPostgres;
  let scratchDb: Database;
  const eve = newId();

  beforeAll(async () => {
    running = await startTestApp({}, { beforeListen: actAsHeaderUser });
    api = apiClient(running.baseUrl);
    await insertUser(running.built.store.db, { id: eve, role: 'member' });
    database = (
      await api.post<Database>('/api/databases', { name: 'Chinook', engine: 'postgres', details: chinook })
    ).body;
    scratch = await openScratchPostgres(`
      CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL);
      INSERT INTO items (name) VALUES ('ant'), ('bee'), ('cat');
      CREATE TABLE tricky (id int PRIMARY KEY, label text, flag boolean, amount numeric, at timestamptz, data jsonb);
      INSERT INTO tricky VALUES
        (1, 'plain', true, 1.5, '2024-01-02 03:04:05+00', '{"a": [1, "x,y"]}'),
        (2, 'a,b', false, -2, NULL, NULL),
        (3, 'say "hi"', NULL, NULL, NULL, '[]'),
        (4, E'line1\\nline2', NULL, NULL, NULL, NULL),
        (5, E'cr\\r\\nlf', NULL, NULL, NULL, NULL),
        (6, '', NULL, NULL, NULL, NULL),
        (7, NULL, NULL, NULL, NULL, NULL),
        (8, ' spaced ', NULL, NULL, NULL, NULL),
        (9, 'café ☕', NULL, NULL, NULL, NULL);`);
    scratchDb = (
      await api.post<Database>('/api/databases', {
        name: 'Scratch',
        engine: 'postgres',
        details: scratch.details,
        safe_mode: true,
      })
    ).body;
  });

  afterAll(async () => {
    await running.stop();
    await scratch.dispose();
  });

  const exportSql = (query: string, format: string, databaseId = database.id, user?: string) =>
    download(
      running.baseUrl,
      'POST',
      '/api/query/_export',
      { query, databaseId, format },
      user ? { [TEST_USER_HEADER]: user } : {},
    );

  it('exports a Chinook query as CSV equal to the rows PostgreSQL returns', async () => {
    for (const sql of [trackSql, invoiceSql]) {
      const file = await exportSql(sql, 'csv');
      expect(file.status, file.body.toString()).toBe(200);
      expect(file.complete).toBe(true);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.trailers).toMatchObject({ 'x-querent-truncated': 'false' });
      const [header, ...records] = parseCsv(file.body.toString('utf8'));
      const expected = await rowsFromPostgres(chinook ?? {}, sql);
      expect(header).toEqual(expected.names);
      expect(records).toHaveLength(expected.rows.length);
      expect(file.trailers['x-querent-row-count']).toBe(String(expected.rows.length));
      // Decimals are compared as numbers: the connector gives them as exact JSON numbers (0.99), not text.
      const normalize = (row: (string | null)[]) =>
        row.map((cell, index) =>
          cell !== null && expected.types[index] === numericOid ? Number(cell) : cell,
        );
      expect(records.map(normalize)).toEqual(expected.rows.map(normalize));
    }
  });

  it('quotes commas, quotes and line breaks (RFC 4180), keeps NULL apart from the empty string', async () => {
    const file = await exportSql('SELECT * FROM tricky ORDER BY id', 'csv', scratchDb.id);
    expect(file.status, file.body.toString()).toBe(200);
    const text = file.body.toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('id,label,flag,amount,at,data');
    expect(lines[1]).toBe('1,plain,true,1.5,2024-01-02T03:04:05.000Z,"{""a"":[1,""x,y""]}"');
    expect(lines[2]).toBe('2,"a,b",false,-2,,');
    expect(lines[3]).toBe('3,"say ""hi""",,,,[]');
    expect(text).toContain('\r\n4,"line1\nline2",,,,\r\n');
    expect(text).toContain('\r\n5,"cr\r\nlf",,,,\r\n');
    expect(text).toContain('\r\n6,"",,,,\r\n7,,,,,\r\n8, spaced ,,,,\r\n9,café ☕,,,,\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parseCsv(text).slice(1);
    expect(records.map((record) => record[1])).toEqual([
      'plain',
      'a,b',
      'say "hi"',
      'line1\nline2',
      'cr\r\nlf',
      '',
      null,
      ' spaced ',
      'café ☕',
    ]);
  });

  it('exports XLSX that exceljs reads back with the same rows', async () => {
    const file = await exportSql(trackSql, 'xlsx');
    expect(file.status, file.body.toString()).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="query-\d{8}-\d{6}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Result']);
    const sheet = workbook.worksheets[0];
    const values: unknown[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      // exceljs rows are 1-based: drop the empty slot 0, and read missing cells as null.
      values.push(Array.from({ length: 6 }, (_, index) => (row.getCell(index + 1).value ?? null) as unknown));
    });
    const expected = await rowsFromPostgres(chinook ?? {}, trackSql);
    expect(values[0]).toEqual(expected.names);
    const typed = expected.rows.map((row) =>
      row.map((cell, index) =>
        cell !== null && [23, numericOid].includes(expected.types[index] ?? 0) ? Number(cell) : cell,
      ),
    );
    expect(values.slice(1)).toEqual(typed);
  });

  it('writes every cell of repeated column names in column order, by COPY and by the generic path', async () => {
    // int4 only: COPY writes it; a float8 column sends the result through the generic path.
    for (const [sql, row] of [
      ["SELECT 1 AS a, 2 AS a, 'z' AS b", ['1', '2', 'z']],
      ["SELECT 1 AS a, 2 AS a, 'z' AS b, 0.5::float8 AS a", ['1', '2', 'z', '0.5']],
    ] as const) {
      const csv = await exportSql(sql, 'csv');
      expect(csv.status, csv.body.toString()).toBe(200);
      const [header, ...records] = parseCsv(csv.body.toString('utf8'));
      expect(header).toEqual(['a', 'a_1', 'b', 'a_2'].slice(0, row.length));
      expect(records).toEqual([row]);

      const xlsx = await exportSql(sql, 'xlsx');
      expect(xlsx.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(xlsx.body) as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      const cells = (rowNumber: number) =>
        Array.from({ length: row.length }, (_, index) => sheet?.getRow(rowNumber).getCell(index + 1).value);
      expect(cells(1)).toEqual(['a', 'a_1', 'b', 'a_2'].slice(0, row.length));
      expect(cells(2)).toEqual(row.map((cell) => (cell === 'z' ? cell : Number(cell))));
    }
  });

  it('exports a long result with a column of a non-built-in type (type names looked up beside the cursor)', async () => {
    const file = await exportSql(
      "SELECT g, 'track'::regclass AS rel FROM generate_series(1, 12000) AS g",
      'csv',
    );
    expect(file.status).toBe(200);
    expect(file.trailers['x-querent-row-count']).toBe('12000');
    const records = parseCsv(file.body.toString());
    expect(records[0]).toEqual(['g', 'rel']);
    expect(records.at(-1)).toEqual(['12000', 'track']);
  });

  it('exports a saved query by id, named after its title', async () => {
    const saved = await api.post<SavedQuery>('/api/query', {
      title: 'Invoices / 2009 "all"',
      sql: invoiceSql,
      databaseId: database.id,
    });
    const file = await download(running.baseUrl, 'GET', `/api/query/${saved.body.id}/export?format=csv`);
    expect(file.status).toBe(200);
    expect(file.headers['x-querent-row-limit']).toBe('1000000');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="Invoices-2009-all-\d{8}-\d{6}\.csv"; filename\*=UTF-8''Invoices-2009-all-\d{8}-\d{6}\.csv$/,
    );
    expect(parseCsv(file.body.toString())).toHaveLength(413);
    const xlsx = await download(running.baseUrl, 'GET', `/api/query/${saved.body.id}/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
  });

  it('refuses a write under safe mode, leaving the table unchanged', async () => {
    for (const sql of [
      'DELETE FROM items RETURNING *',
      'WITH gone AS (DELETE FROM items RETURNING *) SELECT * FROM gone',
      'SELECT * FROM items; DROP TABLE items',
    ]) {
      for (const format of ['csv', 'xlsx']) {
        const file = await exportSql(sql, format, scratchDb.id);
        expect(file.status, sql).toBe(400);
        expect(JSON.parse(file.body.toString())).toMatchObject({
          error: { code: 'BAD_REQUEST' },
        });
        expect((JSON.parse(file.body.toString()) as { error: { message: string } }).error.message).toMatch(
          /^Safe mode is on/,
        );
      }
    }
    const { rows } = await scratch.client.query<{ name: string }>('SELECT name FROM items ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(['ant', 'bee', 'cat']);
  });

  it.each(['csv', 'xlsx'])(
    'answers a %s export whose statement fails after its first rows, and keeps serving',
    async (format) => {
      // Row 2 divides by zero: PostgreSQL fails the statement after the first rows went out.
      const failing = await exportSql(
        'SELECT g, 1 / (g - 2) AS inverse FROM generate_series(1, 4) AS g',
        format,
      );
      if (failing.status === 200) {
        // Cut without the closing chunk: no client takes a partial file for a whole one.
        expect(failing.complete).toBe(false);
      } else {
        expect(failing.status).toBe(400);
        expect(JSON.parse(failing.body.toString())).toMatchObject({ error: { message: 'division by zero' } });
      }
      const health = await api.get<{ status: string }>('/api/health');
      expect(health.status).toBe(200);
      const after = await exportSql('SELECT 1 AS one', format);
      expect(after.status).toBe(200);
      expect(after.complete).toBe(true);
    },
  );

  it('names bad input, answers SQL errors before any byte, and hides what the user may not see', async () => {
    expectError(
      await api.post('/api/query/_export', { query: 'select 1', databaseId: database.id, format: 'pdf' }),
      400,
      {
        field: 'format',
      },
    );
    expectError(await api.post('/api/query/_export', { query: 'select 1', databaseId: database.id }), 400, {
      field: 'format',
    });
    const saved = await api.post<SavedQuery>('/api/query', {
      title: 'x',
      sql: 'select 1 AS one',
      databaseId: database.id,
    });
    expectError(await api.get(`/api/query/${saved.body.id}/export?format=json`), 400, { field: 'format' });
    expectError(await api.get(`/api/query/${saved.body.id}/export`), 400, { field: 'format' });
    expectError(await api.get('/api/query/nope/export?format=csv'), 404, { message: 'Query not found' });
    const failing = await exportSql('SELECT nope FROM track', 'csv');
    expect(failing.status).toBe(400);
    expect(JSON.parse(failing.body.toString())).toMatchObject({
      error: { message: 'column "nope" does not exist' },
    });
    expectError(
      await api.post('/api/query/_export', { query: 'select 1', databaseId: 'nope', format: 'csv' }),
      404,
    );

    // Another user: the query and the database are both invisible.
    expectError(await api.get(`/api/query/${saved.body.id}/export?format=csv`, { user: eve }), 404);
    expect((await exportSql('select 1', 'csv', database.id, eve)).status).toBe(404);
  });
});

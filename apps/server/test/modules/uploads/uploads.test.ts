import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, RunQueryResult } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { newId } from '../../../src/store/values.ts';
import {
  peopleCsv,
  peopleJson,
  peopleNdjson,
  peopleTsv,
  writePeopleParquet,
  writePeopleXlsx,
} from '../../fixtures/uploads/sample-files.ts';
import type { ApiClient, ApiResponse } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError, TEST_USER_HEADER } from '../../helpers/api-client.ts';
import { columnValues, keyedRows } from '../../helpers/result-rows.ts';
import { makeTempDir } from '../../helpers/temp-dir.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

interface UploadBody {
  database: Database;
  table: { name: string; rows: number; columns: { name: string; type: string }[] };
}

const MAX_BYTES = 64 * 1024;

describe('uploads API', () => {
  let running: RunningApp;
  let api: ApiClient;
  let scratch: { dir: string; remove: () => void };
  const users = { eve: newId(), ann: newId() };

  beforeAll(async () => {
    scratch = makeTempDir('querent-upload-files-');
    running = await startTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES) }, { beforeListen: actAsHeaderUser });
    api = apiClient(running.baseUrl);
    await insertUser(running.built.store.db, { id: users.eve, role: 'member' });
    await insertUser(running.built.store.db, { id: users.ann, role: 'member' });
  });

  afterAll(async () => {
    await running.stop();
    scratch.remove();
  });

  async function upload(
    name: string,
    content: string | Uint8Array,
    fields: Record<string, string> = {},
    user?: string,
  ): Promise<ApiResponse<UploadBody>> {
    const form = new FormData();
    // Fields first, as the web app sends them; the server accepts any order.
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([content]), name);
    const response = await fetch(`${running.baseUrl}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: user ? { [TEST_USER_HEADER]: user } : {},
    });
    const text = await response.text();
    return { status: response.status, text, body: (text ? JSON.parse(text) : null) as UploadBody };
  }

  async function uploaded(name: string, content: string | Uint8Array, fields: Record<string, string> = {}) {
    const response = await upload(name, content, fields);
    expect(response.status, response.text).toBe(201);
    return response.body;
  }

  async function query(databaseId: string, sql: string): Promise<RunQueryResult> {
    const response = await api.post<RunQueryResult>('/api/query/_run', { databaseId, query: sql });
    expect(response.status, response.text).toBe(200);
    return response.body;
  }

  async function tablesOf(databaseId: string): Promise<string[]> {
    const result = await query(databaseId, 'SELECT table_name FROM duckdb_tables() ORDER BY table_name');
    return columnValues(result, 'table_name').map(String);
  }

  const uploadsDir = () => path.join(running.config.dataDir, 'uploads');

  /** Every file under DATA_DIR/uploads, relative to it. */
  async function filesOnDisk(): Promise<string[]> {
    try {
      const entries = await readdir(uploadsDir(), { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)))
        .sort();
    } catch {
      return [];
    }
  }

  async function databaseIds(): Promise<string[]> {
    const list = await api.get<Database[]>('/api/databases');
    return list.body.map((database) => database.id).sort();
  }

  /** Runs a failing upload and proves it left nothing: no database, no file, no temporary file. */
  async function expectNothingLeft(run: () => Promise<void>): Promise<void> {
    const before = { databases: await databaseIds(), files: await filesOnDisk() };
    await run();
    expect(await databaseIds()).toEqual(before.databases);
    expect(await filesOnDisk()).toEqual(before.files);
    expect((await filesOnDisk()).filter((file) => file.startsWith('tmp'))).toEqual([]);
  }

  const columnTypes = (body: UploadBody) =>
    Object.fromEntries(body.table.columns.map((c) => [c.name, c.type]));

  it('turns a CSV with quoted commas, quotes and line breaks into a typed table of a new upload database', async () => {
    const body = await uploaded('People 2024.csv', peopleCsv);
    expect(body.table).toMatchObject({ name: 'people_2024', rows: 3 });
    expect(columnTypes(body)).toEqual({
      id: 'BIGINT',
      name: 'VARCHAR',
      city: 'VARCHAR',
      joined: 'DATE',
      score: 'DOUBLE',
    });
    expect(body.database).toMatchObject({
      name: 'People 2024.csv',
      engine: 'motherduck',
      public: false,
      safe_mode: false,
      editable: true,
    });
    expect(body.database.details.path).toBe(
      path.join(uploadsDir(), 'local-admin', `${body.database.id}.duckdb`),
    );

    const result = await query(body.database.id, 'SELECT id, name, city, score FROM people_2024 ORDER BY id');
    expect(keyedRows(result)).toEqual([
      { id: 1, name: 'Smith, Ann', city: 'Paris', score: 10.5 },
      { id: 2, name: 'Bob "Bobby" Jones', city: 'New\nYork', score: 7 },
      { id: 3, name: 'Chloé', city: 'Lyon', score: null },
    ]);
    expect(await databaseIds()).toContain(body.database.id);
    expect(await filesOnDisk()).toContain(path.join('local-admin', `${body.database.id}.duckdb`));
  });

  it('reads TSV, a JSON array and NDJSON', async () => {
    const tsv = await uploaded('people.tsv', peopleTsv);
    expect(columnTypes(tsv)).toEqual({ id: 'BIGINT', name: 'VARCHAR', city: 'VARCHAR' });
    expect(keyedRows(await query(tsv.database.id, 'SELECT city FROM people WHERE id = 2'))).toEqual([
      { city: 'New York' },
    ]);

    const json = await uploaded('people.json', peopleJson);
    expect(json.table.rows).toBe(3);
    expect(columnTypes(json)).toEqual({ id: 'BIGINT', name: 'VARCHAR', active: 'BOOLEAN', joined: 'DATE' });
    expect(keyedRows(await query(json.database.id, 'SELECT name FROM people WHERE active'))).toEqual([
      { name: 'Ann' },
    ]);

    const ndjson = await uploaded('people.ndjson', peopleNdjson);
    expect(columnTypes(ndjson)).toEqual({ id: 'BIGINT', name: 'VARCHAR', tags: 'BIGINT' });
    expect(keyedRows(await query(ndjson.database.id, 'SELECT sum(tags) AS total FROM people'))).toEqual([
      { total: 7 },
    ]);
  });

  it('reads CSV saved the way spreadsheets in many locales save it: semicolons, Latin-1', async () => {
    const semicolons = await uploaded('prices.csv', 'item;price\napple;1.5\npear;2\n');
    expect(columnTypes(semicolons)).toEqual({ item: 'VARCHAR', price: 'DOUBLE' });
    const latin1 = await uploaded('cafes.csv', Buffer.from('id,name\n1,Café Crème\n', 'latin1'));
    expect(keyedRows(await query(latin1.database.id, 'SELECT name FROM cafes'))).toEqual([
      { name: 'Café Crème' },
    ]);
  });

  it('reads Parquet with its own types', async () => {
    const file = await writePeopleParquet(scratch.dir);
    const body = await uploaded('people.parquet', await readFile(file));
    expect(body.table.rows).toBe(3);
    expect(columnTypes(body)).toEqual({ id: 'INTEGER', name: 'VARCHAR', score: 'DOUBLE', joined: 'DATE' });
    expect(
      keyedRows(await query(body.database.id, "SELECT name FROM people WHERE joined = DATE '2024-02-03'")),
    ).toEqual([{ name: 'Bob' }]);
  });

  it('reads the first sheet of an XLSX: header row, typed columns, formula results, blank rows skipped', async () => {
    const file = await writePeopleXlsx(scratch.dir);
    const body = await uploaded('people.xlsx', await readFile(file));
    expect(body.table.rows).toBe(3);
    expect(body.table.columns).toEqual([
      { name: 'id', type: 'BIGINT' },
      { name: 'name', type: 'VARCHAR' },
      { name: 'score', type: 'DOUBLE' },
      { name: 'joined', type: 'DATE' },
      { name: 'active', type: 'BOOLEAN' },
      { name: 'double score', type: 'BIGINT' },
      { name: 'id_2', type: 'VARCHAR' },
    ]);
    const result = await query(
      body.database.id,
      'SELECT id, name, score, CAST(joined AS VARCHAR) AS joined, active, "double score" AS doubled FROM people ORDER BY id',
    );
    expect(keyedRows(result)).toEqual([
      { id: 1, name: 'Ann', score: 10.5, joined: '2024-01-02', active: true, doubled: 21 },
      { id: 2, name: 'Bob', score: 7, joined: '2024-02-03', active: false, doubled: 14 },
      { id: 3, name: 'Chloé', score: null, joined: null, active: null, doubled: null },
    ]);
  });

  it('adds a second file to the same database, which readers see at once, with a unique table name', async () => {
    const first = await uploaded('orders.csv', 'id,total\n1,9.5\n2,3\n');
    const id = first.database.id;
    // A reader holds the file open in the connector pool; the upload must not be blocked by it.
    expect(await tablesOf(id)).toEqual(['orders']);

    const second = await uploaded('customers.json', '[{"id":1,"name":"Ann"}]', { databaseId: id });
    expect(second.database.id).toBe(id);
    expect(second.table).toMatchObject({ name: 'customers', rows: 1 });
    expect(Date.parse(second.database.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(first.database.updatedAt),
    );

    const again = await uploaded('orders.csv', 'id,total\n3,1\n', { databaseId: id });
    expect(again.table.name).toBe('orders_2');
    const named = await uploaded('x.csv', 'a\n1\n', { databaseId: id, tableName: 'Orders' });
    expect(named.table.name).toBe('orders_3');
    const keyword = await uploaded('x.csv', 'a\n1\n', { databaseId: id, tableName: 'Select' });
    expect(keyword.table.name).toBe('select_table');
    const digits = await uploaded('2024 sales!.csv', 'a\n1\n', { databaseId: id });
    expect(digits.table.name).toBe('t_2024_sales');

    expect(await tablesOf(id)).toEqual(
      ['customers', 'orders', 'orders_2', 'orders_3', 't_2024_sales', 'select_table'].sort(),
    );
    expect(keyedRows(await query(id, 'SELECT count(*) AS n FROM orders_2'))).toEqual([{ n: 1 }]);
    const schema = await api.get<{ schemas: { tables: { name: string }[] }[] }>(
      `/api/databases/${id}/schema`,
    );
    expect(schema.body.schemas.flatMap((entry) => entry.tables.map((table) => table.name))).toContain(
      'orders_3',
    );

    const options = await api.get<{ maxBytes: number; databases: Database[] }>('/api/uploads');
    expect(options.body.maxBytes).toBe(MAX_BYTES);
    expect(options.body.databases.map((database) => database.id)).toContain(id);
  });

  it('refuses an unsupported file type before storing it', async () => {
    await expectNothingLeft(async () => {
      expectError(await upload('notes.txt', 'hello'), 415, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported file type: .txt — upload CSV, TSV, JSON, Parquet or XLSX',
      });
      expectError(await upload('README', 'hello'), 415, {
        message:
          'Unsupported file type: a file without an extension — upload CSV, TSV, JSON, Parquet or XLSX',
      });
    });
  });

  it('refuses a file whose content is not what its extension says', async () => {
    const xlsx = await readFile(await writePeopleXlsx(scratch.dir));
    await expectNothingLeft(async () => {
      expectError(await upload('data.csv', xlsx), 400, {
        message: 'data.csv is not a CSV file (it looks like a zip archive such as an Excel workbook)',
      });
      expectError(await upload('data.parquet', 'id,name\n1,a\n'), 400, {
        message: 'data.parquet is not a Parquet file',
      });
      expectError(await upload('data.xlsx', 'id,name\n1,a\n'), 400, {
        message: 'data.xlsx is not an Excel workbook (.xlsx)',
      });
      expectError(await upload('data.json', 'id,name\n1,a\n'), 400, {
        message: /data\.json is not a JSON file of records/,
      });
    });
  });

  it('explains broken CSV files in DuckDB’s words and leaves nothing behind', async () => {
    await expectNothingLeft(async () => {
      const ragged = expectError(await upload('ragged.csv', 'id,name\n1,a\n2,b,c\n3,d\n'), 400, {
        code: 'BAD_REQUEST',
        field: 'file',
      });
      expect(ragged.message).toMatch(/^ragged\.csv could not be read as CSV: CSV Error on Line: 3/);
      expect(ragged.message).toContain('Expected Number of Columns: 2 Found: 3');
      expect(ragged.message).not.toMatch(/Possible fixes|uploads\/tmp|read_csv/);

      const quote = expectError(await upload('quote.csv', 'id,name\n1,"a\n2,b\n'), 400);
      expect(quote.message).toMatch(/^quote\.csv could not be read as CSV: .*unterminated quote/i);

      const json = expectError(await upload('broken.json', '[{"a":1},{"a":'), 400);
      expect(json.message).toMatch(/^broken\.json could not be read as JSON: Malformed JSON/);
    });
  });

  it('refuses empty files and files with no rows', async () => {
    await expectNothingLeft(async () => {
      expectError(await upload('empty.csv', ''), 400, { message: 'empty.csv is empty' });
      expectError(await upload('blank.json', '  \n'), 400, { message: 'blank.json is empty' });
      expectError(await upload('header.csv', 'id,name\n'), 400, {
        message: 'header.csv has no rows to load (only a header, or nothing at all)',
      });
      expectError(await upload('none.json', '[]'), 400, { message: /none\.json has no rows to load/ });
    });
  });

  it('answers 413 for a file over UPLOAD_MAX_BYTES, keeping nothing of it', async () => {
    const big = `id,text\n${'1,xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat(2000)}`;
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    // Just over: the file is read up to the limit, then refused by name.
    const justOver = `id\n${'1\n'.repeat(MAX_BYTES / 2)}`;
    await expectNothingLeft(async () => {
      expectError(await upload('big.csv', justOver), 413, {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'big.csv is larger than the upload limit of 64 KB',
      });
      // Far over: refused on the length the request announces, before the body is read.
      expectError(await upload('bigger.csv', big), 413, {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than the upload limit of 64 KB',
      });
    });
  });

  it('keeps a database unchanged when a file added to it fails', async () => {
    const base = await uploaded('base.csv', 'id\n1\n');
    const id = base.database.id;
    await expectNothingLeft(async () => {
      expectError(await upload('bad.csv', 'id,name\n1,"a\n', { databaseId: id }), 400);
      expectError(await upload('empty.csv', 'id\n', { databaseId: id }), 400);
    });
    expect(await tablesOf(id)).toEqual(['base']);
  });

  it('adds files only to the user’s own upload databases', async () => {
    const mine = await uploaded('private.csv', 'id\n1\n');
    await expectNothingLeft(async () => {
      // Someone else's private database does not exist for them.
      expectError(await upload('x.csv', 'id\n2\n', { databaseId: mine.database.id }, users.eve), 404, {
        code: 'NOT_FOUND',
      });
      expectError(await upload('x.csv', 'id\n2\n', { databaseId: 'no-such-id' }), 404);
    });
    const shared = await api.put<Database>(`/api/databases/${mine.database.id}`, { public: true });
    expect(shared.status, shared.text).toBe(200);
    expectError(await upload('x.csv', 'id\n2\n', { databaseId: mine.database.id }, users.eve), 403, {
      message: 'Only the owner of "private.csv" can add files to it',
    });
    const theirs = await api.get<{ databases: Database[] }>('/api/uploads', { user: users.eve });
    expect(theirs.body.databases).toEqual([]);

    // A database connected by hand, even a DuckDB file, is not an upload database.
    const connected = await api.post<Database>('/api/databases', {
      name: 'Hand-made',
      engine: 'motherduck',
      details: { path: path.join(scratch.dir, 'hand.duckdb') },
    });
    expect(connected.status, connected.text).toBe(201);
    expectError(await upload('x.csv', 'id\n2\n', { databaseId: connected.body.id }), 403, {
      message:
        '"Hand-made" is not an upload database: files can only be added to databases created by an upload',
    });
    const listed = await api.get<{ databases: Database[] }>('/api/uploads');
    expect(listed.body.databases.map((database) => database.id)).not.toContain(connected.body.id);

    // Eve's own uploads are hers alone.
    const evesResponse = await upload('eve.csv', 'id\n1\n', {}, users.eve);
    expect(evesResponse.status, evesResponse.text).toBe(201);
    expect(evesResponse.body.database.details.path).toBe(
      path.join(uploadsDir(), users.eve, `${evesResponse.body.database.id}.duckdb`),
    );
    expectError(
      await upload('x.csv', 'id\n2\n', { databaseId: evesResponse.body.database.id }, users.ann),
      404,
    );
  });

  it('refuses to add to a database in safe mode', async () => {
    const body = await uploaded('safe.csv', 'id\n1\n');
    await api.put(`/api/databases/${body.database.id}`, { safe_mode: true });
    expectError(await upload('x.csv', 'id\n2\n', { databaseId: body.database.id }), 409, {
      message: /"safe\.csv" is in safe mode/,
    });
    expect(await tablesOf(body.database.id)).toEqual(['safe']);
  });

  it('deletes the DuckDB file of an upload database with the database, and nothing else', async () => {
    const kept = await uploaded('kept.csv', 'a\n1\n');
    const gone = await uploaded('gone.csv', 'a\n2\n');
    const goneFile = path.join('local-admin', `${gone.database.id}.duckdb`);
    expect(await filesOnDisk()).toContain(goneFile);
    expect((await api.del(`/api/databases/${gone.database.id}`)).status).toBe(204);
    expect(await filesOnDisk()).not.toContain(goneFile);
    expect(await tablesOf(kept.database.id)).toEqual(['kept']);
  });

  it('wants multipart with a file', async () => {
    expectError(await api.post('/api/uploads', { file: 'x' }), 415, { code: 'UNSUPPORTED_MEDIA_TYPE' });
    const form = new FormData();
    form.append('tableName', 'nothing');
    const response = await fetch(`${running.baseUrl}/api/uploads`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Choose a file to upload (form field "file")',
    );
  });

  it('answers a malformed multipart body with a 400 naming the problem, keeping nothing', async () => {
    const send = async (contentType: string, body: string): Promise<ApiResponse> => {
      const response = await fetch(`${running.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      const text = await response.text();
      return { status: response.status, text, body: JSON.parse(text) as unknown };
    };
    const form = 'multipart/form-data; boundary=XX';
    const filePart = '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n';
    await expectNothingLeft(async () => {
      expectError(await send('multipart/form-data', 'id\n1\n'), 400, {
        code: 'BAD_REQUEST',
        field: 'body',
        message: /has no boundary/,
      });
      // The body stops in the middle of the file, or of its part's headers, without a closing boundary.
      for (const cut of [`${filePart}\r\nid\n1\n`, filePart, `${filePart}\r\nid\n1\n\r\n--X`]) {
        expectError(await send(form, cut), 400, {
          code: 'BAD_REQUEST',
          field: 'body',
          message: 'The multipart body ends before its closing boundary',
        });
      }
      // A part whose header has no name is no field at all.
      expectError(
        await send(form, '--XX\r\nContent-Disposition form-data\r\n\r\nid\n1\n\r\n--XX--\r\n'),
        400,
        {
          message: 'Choose a file to upload (form field "file")',
        },
      );
      expectError(
        await send(form, '--XX\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XX--\r\n'),
        400,
        { code: 'BAD_REQUEST' },
      );
    });
  });
});

import type { Database } from '@querent/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultRow, ResultStream } from '../../../src/connectors/index.ts';
import type { ExportStats } from '../../../src/modules/exports/limited-batches.ts';
import { limitedBatches } from '../../../src/modules/exports/limited-batches.ts';
import { download, parseCsv } from '../../helpers/exports-download.ts';
import { chinookPostgres } from '../../fixtures/chinook.ts';
import { apiClient } from '../../helpers/api-client.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/* The limits of an export: EXPORT_MAX_ROWS, EXPORT_TIMEOUT_MS, and a client that goes away. */
const chinook = await chinookPostgres();

function fakeStream(batches: ResultRow[][]): ResultStream & { closed: number } {
  const stream = {
    columns: [{ name: 'n', type: 'integer' }],
    closed: 0,
    close: () => {
      stream.closed += 1;
      return Promise.resolve();
    },
    async *[Symbol.asyncIterator]() {
      for (const batch of batches) yield await Promise.resolve(batch);
    },
  };
  return stream;
}

describe('limitedBatches', () => {
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i): ResultRow => [from + i]);
  const collect = async (limit: number, batches: ResultRow[][]) => {
    const stream = fakeStream(batches);
    const stats: ExportStats = { rows: 0, truncated: false };
    const out: ResultRow[] = [];
    for await (const batch of limitedBatches(stream, limit, stats)) out.push(...batch);
    return { out, stats, closed: stream.closed };
  };

  it('cuts inside a batch, at a batch boundary, and not at all', async () => {
    const batches = [rows(1, 5), rows(6, 10)];
    expect(await collect(7, batches)).toMatchObject({ stats: { rows: 7, truncated: true }, closed: 1 });
    // Exactly the limit at the end of a batch: the next batch decides.
    expect(await collect(5, batches)).toMatchObject({ stats: { rows: 5, truncated: true }, closed: 1 });
    expect(await collect(10, batches)).toMatchObject({ stats: { rows: 10, truncated: false }, closed: 1 });
    expect(await collect(11, batches)).toMatchObject({ stats: { rows: 10, truncated: false } });
    expect((await collect(7, batches)).out).toEqual([[1], [2], [3], [4], [5], [6], [7]]);
  });

  it('closes the stream when the reader stops early', async () => {
    const stream = fakeStream([rows(1, 5), rows(6, 10)]);
    const stats: ExportStats = { rows: 0, truncated: false };
    for await (const batch of limitedBatches(stream, 100, stats)) {
      expect(batch).toHaveLength(5);
      break;
    }
    expect(stream.closed).toBe(1);
  });
});

describe.skipIf(!chinook)('export limits on PostgreSQL', () => {
  let limited: RunningApp;
  let short: RunningApp;
  let unlimited: RunningApp;
  const databases = new Map<RunningApp, Database>();

  beforeAll(async () => {
    limited = await startTestApp({ EXPORT_MAX_ROWS: '1000' });
    short = await startTestApp({ EXPORT_TIMEOUT_MS: '1500' });
    unlimited = await startTestApp();
    for (const app of [limited, short, unlimited]) {
      const api = apiClient(app.baseUrl);
      const created = await api.post<Database>('/api/databases', {
        name: 'Chinook',
        engine: 'postgres',
        details: chinook,
      });
      databases.set(app, created.body);
    }
  });

  afterAll(async () => {
    await Promise.all([limited.stop(), short.stop(), unlimited.stop()]);
  });

  const exportSql = (app: RunningApp, query: string, format: 'csv' | 'xlsx') =>
    download(app.baseUrl, 'POST', '/api/query/_export', {
      query,
      databaseId: databases.get(app)?.id,
      format,
    });

  it('stops at EXPORT_MAX_ROWS and says so: trailer, last CSV line, XLSX sheet', async () => {
    const csv = await exportSql(limited, 'SELECT track_id, name FROM track ORDER BY track_id', 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['x-querent-row-limit']).toBe('1000');
    expect(csv.trailers).toEqual({ 'x-querent-truncated': 'true', 'x-querent-row-count': '1000' });
    const records = parseCsv(csv.body.toString());
    expect(records).toHaveLength(1002);
    expect(records[1000]?.[0]).toBe('1000');
    expect(records[1001]).toEqual([
      '# Truncated: the result has more rows; this file holds the first 1000 (EXPORT_MAX_ROWS)',
    ]);

    const fits = await exportSql(limited, 'SELECT track_id FROM track ORDER BY track_id LIMIT 1000', 'csv');
    expect(fits.trailers).toEqual({ 'x-querent-truncated': 'false', 'x-querent-row-count': '1000' });
    expect(fits.body.toString()).not.toContain('# Truncated');

    const xlsx = await exportSql(limited, 'SELECT track_id, name FROM track ORDER BY track_id', 'xlsx');
    expect(xlsx.trailers['x-querent-truncated']).toBe('true');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.body) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Result', 'Truncated']);
    expect(workbook.worksheets[0]?.rowCount).toBe(1001);
    expect(workbook.worksheets[1]?.getCell('A1').text).toMatch(/holds the first 1000/);
  });

  it('applies EXPORT_TIMEOUT_MS: a 400 before the first byte, a cut connection after it', async () => {
    const early = await exportSql(short, 'SELECT pg_sleep(5) AS slept', 'csv');
    expect(early.status).toBe(400);
    const { error } = JSON.parse(early.body.toString()) as { error: { message: string } };
    expect(error.message).toMatch(/^The query ran longer than the 1\.5 s limit/);

    // The first batch (5,000 rows) comes at once; row 6,000 sleeps past the limit.
    const late = await exportSql(
      short,
      'SELECT g, CASE WHEN g = 6000 THEN (SELECT 1 FROM pg_sleep(5)) END AS slept FROM generate_series(1, 20000) AS g',
      'csv',
    );
    expect(late.status).toBe(200);
    expect(late.body.length).toBeGreaterThan(0);
    // The server ended the connection without the closing chunk: no client takes it for a whole file.
    expect(late.complete).toBe(false);
  });

  it.each(['csv', 'xlsx'])(
    'cancels the statement in the database when a %s download is abandoned',
    async (format) => {
      const marker = `querent_export_cancel_${format}_${Date.now()}`;
      const controller = new AbortController();
      const response = await fetch(`${unlimited.baseUrl}/api/query/_export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `SELECT /* ${marker} */ a.track_id, b.name FROM track a CROSS JOIN track b`,
          databaseId: databases.get(unlimited)?.id,
          format,
        }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      const first = await reader?.read();
      expect((first?.value as Uint8Array | undefined)?.length).toBeGreaterThan(0);

      const watcher = new pg.Client({ ...chinook, database: 'postgres' });
      await watcher.connect();
      const busy = async () =>
        (
          await watcher.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND state <> 'idle' AND pid <> pg_backend_pid()",
            [marker],
          )
        ).rows[0]?.n ?? 0;
      try {
        expect(await busy()).toBe(1);
        controller.abort();
        const deadline = Date.now() + 5000;
        while ((await busy()) > 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await busy()).toBe(0);
      } finally {
        await watcher.end();
      }
      // The connector is still healthy afterwards.
      const after = await exportSql(unlimited, 'SELECT 1 AS one', 'csv');
      expect(after.body.toString()).toBe('one\r\n1\r\n');
    },
  );
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../src/api/create-api.ts';
import { downloadExport } from '../src/features/queries/download-export.ts';
import { filenameFor, filenameFromDisposition } from '../src/features/queries/save-file.ts';
import { createHttpClient } from '../src/lib/http-client.ts';
import { useNotificationsStore } from '../src/stores/notifications-store.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function api() {
  const http = createHttpClient({
    baseUrl: server.url,
    reauthenticate: () => Promise.resolve(),
    offersCredits: () => false,
    offerCredits: () => undefined,
  });
  return createApi(http);
}

const csvHeaders = { 'content-type': 'text/csv; charset=utf-8' };

describe('export download', () => {
  it('streams SQL as typed through POST /api/query/_export and hands the file over', async () => {
    const body = `id,name\r\n${Array.from({ length: 5000 }, (_, index) => `${index},row ${index}`).join('\r\n')}\r\n`;
    server.on('POST /api/query/_export', {
      raw: {
        body,
        headers: { ...csvHeaders, 'content-disposition': 'attachment; filename="query-20261105.csv"' },
      },
    });
    const save = vi.fn<(blob: Blob, filename: string) => void>();
    const outcome = await downloadExport(
      api(),
      { source: { sql: 'SELECT * FROM t', databaseId: 'd1' }, format: 'csv', expectedRows: 5000 },
      save,
    );
    expect(server.requests[0]?.body).toEqual({ query: 'SELECT * FROM t', databaseId: 'd1', format: 'csv' });
    expect(outcome).toMatchObject({ filename: 'query-20261105.csv', rows: 5000, truncated: false });
    expect(save).toHaveBeenCalledOnce();
    expect(await save.mock.calls[0]?.[0].text()).toBe(body);
    const [card] = useNotificationsStore.getState().notifications;
    expect(card).toMatchObject({ title: 'CSV export ready', type: 'success' });
    expect(card?.text).toContain('5,000 rows');
  });

  it('reports an export cut at the row limit', async () => {
    server.on('GET /api/query/q1/export', {
      raw: { body: 'id\r\n1\r\n2\r\n# Truncated: the export limit is 2 rows\r\n', headers: csvHeaders },
    });
    const outcome = await downloadExport(
      api(),
      { source: { queryId: 'q1' }, format: 'csv', title: 'Top' },
      vi.fn(),
    );
    expect(server.requests[0]?.query.get('format')).toBe('csv');
    expect(outcome).toMatchObject({ filename: 'Top.csv', rows: 2, truncated: true });
    expect(useNotificationsStore.getState().notifications[0]?.title).toBe(
      'CSV export stopped at the row limit',
    );
  });

  it("shows the server's message when the export is refused", async () => {
    server.on('GET /api/query/q1/export', {
      status: 400,
      body: { error: { code: 'READ_ONLY', message: 'Safe mode: only reading statements can run' } },
    });
    const save = vi.fn();
    expect(await downloadExport(api(), { source: { queryId: 'q1' }, format: 'xlsx' }, save)).toBeNull();
    expect(save).not.toHaveBeenCalled();
    expect(useNotificationsStore.getState().notifications[0]).toMatchObject({
      type: 'error',
      title: 'XLSX export failed',
      text: 'Safe mode: only reading statements can run',
    });
  });

  it('reads file names from Content-Disposition and makes safe ones from titles', () => {
    expect(
      filenameFromDisposition(`attachment; filename="a_b.csv"; filename*=UTF-8''%C3%A9t%C3%A9.csv`),
    ).toBe('été.csv');
    expect(filenameFromDisposition('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFor('Top / artists: 2026', 'csv')).toBe('Top-artists-2026.csv');
    expect(filenameFor('', 'png', 'chart')).toBe('chart.png');
  });
});

import type { Database, MetricQueryResult, QueryResults, SemanticModelState } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookMysql, chinookPostgres, chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { askOnce } from '../../helpers/offline-chat.ts';
import { keyedRows } from '../../helpers/result-rows.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Chinook on three engines, each named in its own style (PascalCase on SQLite and MariaDB,
 * snake_case on PostgreSQL): the model proposed from the schema and accepted unedited answers a
 * metric query, compiled for the engine and run through the API, with the numbers of SQL written
 * by hand; and a certified metric gives the same number however it is asked for: the API, its
 * SQL in the editor, and the offline analyst in the chat, which says it stands on that metric.
 */

const sqlite = await chinookSqliteCopy();
const postgres = await chinookPostgres();
const mariadb = await chinookMysql();

interface EngineCase {
  label: string;
  connect: { engine: string; details: Record<string, unknown> } | null;
  /** Invoice totals and invoice counts by the customer's country, by hand. */
  byCountry: string;
}

const cases: EngineCase[] = [
  {
    label: 'SQLite',
    connect: { engine: 'sqlite', details: { filename: sqlite.filename } },
    byCountry: `SELECT c.Country AS country, SUM(i.Total) AS total, COUNT(*) AS invoices
      FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId GROUP BY c.Country ORDER BY c.Country`,
  },
  {
    label: 'PostgreSQL',
    connect: postgres && { engine: 'postgres', details: { ...postgres } },
    byCountry: `SELECT c.country, SUM(i.total) AS total, COUNT(*) AS invoices
      FROM invoice i JOIN customer c ON c.customer_id = i.customer_id GROUP BY c.country ORDER BY c.country`,
  },
  {
    label: 'MariaDB',
    connect: mariadb && { engine: 'mysql', details: { ...mariadb } },
    byCountry: `SELECT c.Country AS country, SUM(i.Total) AS total, COUNT(*) AS invoices
      FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId GROUP BY c.Country ORDER BY c.Country`,
  },
];

let running: RunningApp;
let api: ApiClient;

beforeAll(async () => {
  running = await startTestApp();
  api = apiClient(running.baseUrl);
});

afterAll(async () => {
  await running.stop();
  await sqlite.remove();
});

/** Numbers whatever type the driver gives them (decimals come as text), rounded to cents. */
function money(value: unknown): number {
  return Math.round(Number(value) * 100) / 100;
}

describe.each(cases)('a proposed model on Chinook in $label', ({ label, connect, byCountry }) => {
  let databaseId = '';

  it.skipIf(connect === null)('answers a metric query as hand-written SQL does', async () => {
    const created = await api.post<Database>('/api/databases', { name: `Chinook ${label}`, ...connect });
    expect(created.status, created.text).toBe(201);
    databaseId = created.body.id;
    const path = `/api/databases/${databaseId}/semantic-model`;
    expect((await api.post<SemanticModelState>(`${path}/proposal`, undefined)).status).toBe(200);
    const accepted = await api.post<SemanticModelState>(`${path}/proposal/accept`, { version: 0 });
    expect(accepted.status, accepted.text).toBe(200);
    const metrics = accepted.body.model?.metrics.map((metric) => metric.name) ?? [];
    expect(metrics).toEqual(expect.arrayContaining(['invoice_count', 'invoice_total']));

    const answered = await api.post<MetricQueryResult>(`/api/databases/${databaseId}/metrics/query`, {
      metrics: ['invoice_total', 'invoice_count'],
      dimensions: [{ dimension: 'customer.country' }],
      orderBy: [{ field: 'customer.country' }],
    });
    expect(answered.status, answered.text).toBe(200);
    const byHand = await api.post<QueryResults>('/api/query/_run', { databaseId, query: byCountry });
    expect(byHand.status, byHand.text).toBe(200);
    const expected = keyedRows(byHand.body).map((row) => [
      row.country,
      money(row.total),
      Number(row.invoices),
    ]);
    expect(expected).toHaveLength(24);
    const fields = answered.body.fields.map((field) => field.name);
    expect(
      keyedRows(answered.body).map((row) => [
        row[fields[0] ?? ''],
        money(row.invoice_total),
        Number(row.invoice_count),
      ]),
    ).toEqual(expected);
  });

  it.skipIf(connect === null)(
    'gives a certified metric the same number in the editor and the API',
    async () => {
      const certified = await api.post<SemanticModelState>(
        `/api/databases/${databaseId}/semantic-model/metrics/invoice_total/certification`,
        undefined,
      );
      expect(certified.status, certified.text).toBe(200);
      const answered = await api.post<MetricQueryResult>(`/api/databases/${databaseId}/metrics/query`, {
        metrics: ['invoice_total'],
      });
      expect(answered.status, answered.text).toBe(200);
      // The SQL the API answers with, run again in the editor, gives the same number.
      const again = await api.post<QueryResults>('/api/query/_run', { databaseId, query: answered.body.sql });
      expect(money(keyedRows(again.body)[0]?.invoice_total)).toBe(
        money(keyedRows(answered.body)[0]?.invoice_total),
      );
      expect(money(keyedRows(answered.body)[0]?.invoice_total)).toBe(2328.6);
    },
  );

  it.skipIf(connect === null)(
    'gives it in the chat too, saying which certified metric it stands on',
    async () => {
      const chat = await connectChat(running.baseUrl);
      try {
        const asked = await askOnce(api, chat, databaseId, 'What is the invoice total?');
        expect(asked.steps).toContain('query_metrics');
        expect(asked.answer).toMatch(/certified metric/i);
        expect(asked.answer).toContain('2,328.6');
      } finally {
        chat.close();
      }
    },
  );
});

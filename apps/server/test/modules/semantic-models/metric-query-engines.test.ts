import type { Database, MetricQueryResult, QueryResults, SemanticModelState } from '@querent/contracts';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookDuckdbFile } from '../../fixtures/chinook-duckdb.ts';
import { chinookMysql, chinookPostgres, chinookSqliteCopy } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { connectChat } from '../../helpers/chat-client.ts';
import { bigqueryChinook, snowflakeChinook } from '../../helpers/chinook-cloud-fakes.ts';
import { askOnce } from '../../helpers/offline-chat.ts';
import { keyedRows } from '../../helpers/result-rows.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Chinook on the six engines, each named in its own style (PascalCase on SQLite, MariaDB, DuckDB
 * and BigQuery, snake_case on PostgreSQL, upper case on Snowflake, as its unquoted names are):
 * the model proposed from the schema and accepted unedited answers a metric query, compiled for
 * the engine and run through the API, with the numbers of SQL written by hand; and a certified
 * metric gives the same number however it is asked for: the API, its SQL in the editor, and the
 * offline analyst in the chat, which says it stands on that metric. Snowflake and BigQuery are
 * the local fakes of test/fakes (their real client libraries, Chinook behind them); MotherDuck is
 * a local DuckDB file, as its connector opens one.
 */

const sqlite = await chinookSqliteCopy();
const postgres = await chinookPostgres();
const mariadb = await chinookMysql();
const duckdb = await chinookDuckdbFile();
const snowflake = await snowflakeChinook();
const bigquery = await bigqueryChinook();

/** Chinook's tables and columns as an engine spells them, and how it quotes an alias. */
interface ChinookNames {
  invoice: string;
  customer: string;
  line: string;
  country: string;
  total: string;
  customerId: string;
  invoiceId: string;
  quantity: string;
  quote: '"' | '`';
}

interface EngineCase {
  label: string;
  connect: { engine: string; details: Record<string, unknown> } | null;
  names: ChinookNames;
}

/** Invoice totals and invoice counts by the customer's country, by hand. */
function invoicesByCountry(n: ChinookNames): string {
  const q = (alias: string) => `${n.quote}${alias}${n.quote}`;
  return `SELECT c.${n.country} AS ${q('country')}, SUM(i.${n.total}) AS ${q('total')}, COUNT(*) AS ${q('invoices')}
    FROM ${n.invoice} i JOIN ${n.customer} c ON c.${n.customerId} = i.${n.customerId}
    GROUP BY c.${n.country} ORDER BY c.${n.country}`;
}

/**
 * Quantities sold by the customer's country, by hand, beside the invoice totals summed over the
 * lines: what a metric query would answer if it joined invoices to their lines before summing.
 */
function linesByCountry(n: ChinookNames): string {
  const q = (alias: string) => `${n.quote}${alias}${n.quote}`;
  return `SELECT c.${n.country} AS ${q('country')}, SUM(l.${n.quantity}) AS ${q('quantity')},
      SUM(i.${n.total}) AS ${q('fanned_out')}
    FROM ${n.line} l JOIN ${n.invoice} i ON i.${n.invoiceId} = l.${n.invoiceId}
      JOIN ${n.customer} c ON c.${n.customerId} = i.${n.customerId}
    GROUP BY c.${n.country} ORDER BY c.${n.country}`;
}

const pascal = {
  invoice: 'Invoice',
  customer: 'Customer',
  line: 'InvoiceLine',
  country: 'Country',
  total: 'Total',
  customerId: 'CustomerId',
  invoiceId: 'InvoiceId',
  quantity: 'Quantity',
  quote: '"',
} as const;

const cases: EngineCase[] = [
  {
    label: 'SQLite',
    connect: { engine: 'sqlite', details: { filename: sqlite.filename } },
    names: pascal,
  },
  {
    label: 'PostgreSQL',
    connect: postgres && { engine: 'postgres', details: { ...postgres } },
    names: {
      invoice: 'invoice',
      customer: 'customer',
      line: 'invoice_line',
      country: 'country',
      total: 'total',
      customerId: 'customer_id',
      invoiceId: 'invoice_id',
      quantity: 'quantity',
      quote: '"',
    },
  },
  {
    label: 'MariaDB',
    connect: mariadb && { engine: 'mysql', details: { ...mariadb } },
    names: { ...pascal, quote: '`' },
  },
  {
    label: 'MotherDuck (DuckDB)',
    connect: { engine: 'motherduck', details: { path: duckdb.path } },
    names: { ...pascal, invoice: 'main.Invoice', customer: 'main.Customer', line: 'main.InvoiceLine' },
  },
  {
    label: 'Snowflake (fake)',
    connect: { engine: snowflake.engine, details: snowflake.details },
    // Loaded with unquoted names, Snowflake keeps them in upper case, run together.
    names: {
      invoice: 'PUBLIC.INVOICE',
      customer: 'PUBLIC.CUSTOMER',
      line: 'PUBLIC.INVOICELINE',
      country: 'COUNTRY',
      total: 'TOTAL',
      customerId: 'CUSTOMERID',
      invoiceId: 'INVOICEID',
      quantity: 'QUANTITY',
      quote: '"',
    },
  },
  {
    label: 'BigQuery (fake)',
    connect: { engine: bigquery.engine, details: bigquery.details },
    names: {
      ...pascal,
      invoice: 'chinook.Invoice',
      customer: 'chinook.Customer',
      line: 'chinook.InvoiceLine',
      quote: '`',
    },
  },
];

/**
 * Invoice totals by period, read straight from the Chinook SQLite file: the truth every engine's
 * metric query by invoice date must give. Weeks start on Monday.
 */
const periodStart: Record<'day' | 'week' | 'month' | 'quarter' | 'year', string> = {
  day: 'date(InvoiceDate)',
  week: "date(InvoiceDate, 'weekday 0', '-6 days')",
  month: "date(InvoiceDate, 'start of month')",
  quarter:
    "printf('%s-%02d-01', strftime('%Y', InvoiceDate), ((CAST(strftime('%m', InvoiceDate) AS INTEGER) - 1) / 3) * 3 + 1)",
  year: "date(InvoiceDate, 'start of year')",
};

/** Rows of SQL run on the Chinook SQLite file itself, read-only. */
function fromChinookFile<Row extends unknown[]>(sql: string): Row[] {
  const file = new Sqlite(sqlite.filename, { readonly: true });
  try {
    return file.prepare(sql).raw(true).all() as Row[];
  } finally {
    file.close();
  }
}

function totalsByPeriod(grain: keyof typeof periodStart): [string, number][] {
  return fromChinookFile<[string, number]>(
    `SELECT ${periodStart[grain]} AS period, SUM(Total) AS total FROM Invoice
      WHERE InvoiceDate >= '2024-01-01' GROUP BY 1 ORDER BY 1`,
  ).map(([period, total]) => [period, money(total)]);
}

/**
 * By month: lines per invoice (a ratio of two counts, never divided as integers), the running
 * total, the total of the month and the two before it, and the year to date, by hand with
 * window functions over consecutive month numbers.
 */
function monthlyFigures(): [string, number, number, number, number][] {
  return fromChinookFile<[string, number, number, number, number]>(
    `WITH months AS (
       SELECT date(i.InvoiceDate, 'start of month') AS month,
         CAST(strftime('%Y', i.InvoiceDate) AS INTEGER) * 12 + CAST(strftime('%m', i.InvoiceDate) AS INTEGER) AS number,
         SUM(i.Total) AS total, COUNT(*) AS invoices,
         SUM((SELECT COUNT(*) FROM InvoiceLine l WHERE l.InvoiceId = i.InvoiceId)) AS lines
       FROM Invoice i GROUP BY 1, 2)
     SELECT month, CAST(lines AS REAL) / invoices,
       SUM(total) OVER (ORDER BY number),
       SUM(total) OVER (ORDER BY number RANGE BETWEEN 2 PRECEDING AND CURRENT ROW),
       SUM(total) OVER (PARTITION BY substr(month, 1, 4) ORDER BY number)
     FROM months ORDER BY month`,
  ).map(([month, ratio, running, trailing, toDate]) => [
    month,
    Math.round(ratio * 1e6) / 1e6,
    money(running),
    money(trailing),
    money(toDate),
  ]);
}

let running: RunningApp;
let api: ApiClient;

beforeAll(async () => {
  running = await startTestApp({ ...snowflake.env, ...bigquery.env });
  api = apiClient(running.baseUrl);
});

afterAll(async () => {
  await running.stop();
  await Promise.all([sqlite.remove(), duckdb.remove(), snowflake.close(), bigquery.close()]);
});

/** Numbers whatever type the driver gives them (decimals come as text), rounded to cents. */
function money(value: unknown): number {
  return Math.round(Number(value) * 100) / 100;
}

describe.each(cases)('a proposed model on Chinook in $label', ({ label, connect, names }) => {
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
    const byHand = await api.post<QueryResults>('/api/query/_run', {
      databaseId,
      query: invoicesByCountry(names),
    });
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
    'keeps invoice totals at their grain beside quantities of their lines (no fan-out)',
    async () => {
      const answered = await api.post<MetricQueryResult>(`/api/databases/${databaseId}/metrics/query`, {
        metrics: ['invoice_total', 'invoice_line_quantity'],
        dimensions: [{ dimension: 'customer.country' }],
      });
      expect(answered.status, answered.text).toBe(200);
      const totals = await api.post<QueryResults>('/api/query/_run', {
        databaseId,
        query: invoicesByCountry(names),
      });
      const lines = await api.post<QueryResults>('/api/query/_run', {
        databaseId,
        query: linesByCountry(names),
      });
      expect(lines.status, lines.text).toBe(200);
      const quantities = keyedRows(lines.body);
      // The trap is real: summing invoice totals over their lines counts each invoice once per line.
      expect(
        quantities.some(
          (row, index) => money(row.fanned_out) !== money(keyedRows(totals.body)[index]?.total),
        ),
      ).toBe(true);
      const expected = keyedRows(totals.body).map((row, index) => [
        row.country,
        money(row.total),
        Number(quantities[index]?.quantity),
      ]);
      expect(expected).toHaveLength(24);
      const country = answered.body.fields[0]?.name ?? '';
      expect(
        keyedRows(answered.body).map((row) => [
          row[country],
          money(row.invoice_total),
          Number(row.invoice_line_quantity),
        ]),
      ).toEqual(expected);
    },
  );

  it.skipIf(connect === null).each(['day', 'week', 'month', 'quarter', 'year'] as const)(
    'groups invoice totals by the %s of the invoice date as the SQLite file does',
    async (grain) => {
      const answered = await api.post<MetricQueryResult>(`/api/databases/${databaseId}/metrics/query`, {
        metrics: ['invoice_total'],
        dimensions: [{ dimension: 'invoice.invoice_date', grain }],
        filters: [{ dimension: 'invoice.invoice_date', operator: '>=', values: ['2024-01-01'] }],
      });
      expect(answered.status, answered.text).toBe(200);
      const column = `invoice_date__${grain}`;
      expect(answered.body.fields.map((field) => field.name)).toEqual([column, 'invoice_total']);
      const expected = totalsByPeriod(grain);
      expect(expected.length).toBeGreaterThan(grain === 'year' ? 1 : 4);
      expect(
        keyedRows(answered.body).map((row) => [String(row[column]).slice(0, 10), money(row.invoice_total)]),
      ).toEqual(expected);
    },
  );

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
      const certification = certified.body.model?.metrics.find(
        (metric) => metric.name === 'invoice_total',
      )?.certified;
      expect(answered.body.modelSource).toBe('saved');
      expect(answered.body.standsOn).toEqual([
        { kind: 'metric', name: 'invoice_total', label: 'Invoice total', certified: certification },
      ]);
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
  it.skipIf(connect === null)(
    'answers a ratio of counts and cumulative metrics added to the model as the Chinook file does',
    async () => {
      const path = `/api/databases/${databaseId}/semantic-model`;
      const state = await api.get<SemanticModelState>(path);
      const model = state.body.model;
      if (!model) throw new Error('The accepted model is missing');
      const metric = { label: null, description: null, synonyms: [] };
      const saved = await api.put<SemanticModelState>(path, {
        version: state.body.version,
        model: {
          ...model,
          metrics: [
            ...model.metrics,
            {
              ...metric,
              name: 'lines_per_invoice',
              type: 'ratio',
              numerator: 'invoice_line_count',
              denominator: 'invoice_count',
            },
            { ...metric, name: 'running_total', type: 'cumulative', measure: 'invoice.total' },
            {
              ...metric,
              name: 'three_month_total',
              type: 'cumulative',
              measure: 'invoice.total',
              window: { count: 3, grain: 'month' },
            },
            {
              ...metric,
              name: 'year_to_date',
              type: 'cumulative',
              measure: 'invoice.total',
              grainToDate: 'year',
            },
          ],
        },
      });
      expect(saved.status, saved.text).toBe(200);
      const answered = await api.post<MetricQueryResult>(`/api/databases/${databaseId}/metrics/query`, {
        metrics: ['lines_per_invoice', 'running_total', 'three_month_total', 'year_to_date'],
        dimensions: [{ dimension: 'invoice.invoice_date', grain: 'month' }],
      });
      expect(answered.status, answered.text).toBe(200);
      const expected = monthlyFigures();
      expect(expected.length).toBeGreaterThan(24);
      // Integer division would make every ratio whole; Chinook's are not.
      expect(expected.some(([, ratio]) => !Number.isInteger(ratio))).toBe(true);
      expect(
        keyedRows(answered.body).map((row) => [
          String(row.invoice_date__month).slice(0, 10),
          Math.round(Number(row.lines_per_invoice) * 1e6) / 1e6,
          money(row.running_total),
          money(row.three_month_total),
          money(row.year_to_date),
        ]),
      ).toEqual(expected);
    },
  );
});

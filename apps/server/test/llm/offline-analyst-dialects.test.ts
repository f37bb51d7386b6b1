import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinookMysql, chinookPostgres } from '../fixtures/chinook.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import {
  askOnce,
  expectOfflineFooter,
  expectQueryShown,
  shown,
  shownResult,
} from '../helpers/offline-chat.ts';
import { addDatabase } from '../helpers/factories.ts';
import { keyedRows } from '../helpers/result-rows.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * The same questions on the PostgreSQL Chinook (lower-case snake_case names, unquoted) and the
 * MariaDB one (PascalCase names in backticks): the SQL the offline analyst writes must run in
 * each engine's dialect and give the answers the engines give to our own SQL.
 */

const postgres = await chinookPostgres();
const mariadb = await chinookMysql();

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;

beforeAll(async () => {
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  client = await connectChat(running.baseUrl);
});

afterAll(async () => {
  client.close();
  await running.stop();
});

describe.skipIf(!postgres)('the offline analyst on PostgreSQL', () => {
  let databaseId: string;
  let truth: pg.Client;

  beforeAll(async () => {
    if (!postgres) return;
    databaseId = (await addDatabase(api, { name: 'Chinook PG', engine: 'postgres', details: postgres })).id;
    truth = new pg.Client(postgres);
    await truth.connect();
  });
  afterAll(async () => {
    await truth.end();
  });

  const value = async (sql: string) => {
    const result = await truth.query<Record<string, unknown>>(sql);
    return Number(Object.values(result.rows[0] ?? {})[0]);
  };

  it('"how many invoice lines are there?"', async () => {
    const asked = await askOnce(api, client, databaseId, 'how many invoice lines are there?');
    const final = expectQueryShown(asked);
    expect(final.sql).toMatch(/\binvoice_line\b/);
    expect(asked.answer).toContain(`**${shown(await value('SELECT count(*) FROM invoice_line'))}**`);
    expectOfflineFooter(asked.answer);
  });

  it('"top 5 artists by number of albums"', async () => {
    const asked = await askOnce(api, client, databaseId, 'top 5 artists by number of albums');
    const expected = await truth.query<{ name: string; albums: string }>(
      'SELECT ar.name, count(*) AS albums FROM album al JOIN artist ar USING (artist_id) GROUP BY ar.artist_id, ar.name ORDER BY albums DESC, ar.name LIMIT 5',
    );
    const final = expectQueryShown(asked);
    // From the semantic model: each artist's rows, named by their name.
    expect(keyedRows(shownResult(final)).map((row) => [row.name, Number(row.album_count)])).toEqual(
      expected.rows.map((row) => [row.name, Number(row.albums)]),
    );
  });

  it('"show 3 invoices from Germany"', async () => {
    const asked = await askOnce(api, client, databaseId, 'show 3 invoices from Germany');
    const final = expectQueryShown(asked);
    expect(final.sql).toContain("WHERE billing_country = 'Germany'");
    expect(final.result.rowCount).toBe(3);
  });

  it('"total sales by year" groups on the year of the invoice date', async () => {
    const asked = await askOnce(api, client, databaseId, 'total sales by year');
    const expected = await truth.query<{ year: number; total: string }>(
      'SELECT EXTRACT(YEAR FROM invoice_date)::int AS year, sum(total) AS total FROM invoice GROUP BY 1 ORDER BY 1',
    );
    const final = expectQueryShown(asked);
    expect(keyedRows(shownResult(final)).map((row) => [Number(row.year), Number(row.sum_total)])).toEqual(
      expected.rows.map((row) => [row.year, Number(row.total)]),
    );
  });

  it('"which country has the fewest customers" shows every country tied for fewest', async () => {
    const asked = await askOnce(api, client, databaseId, 'Which country has the fewest customers?');
    const expected = await truth.query<{ country: string }>(
      'SELECT country FROM customer GROUP BY country HAVING count(*) = (SELECT min(n) FROM (SELECT count(*) AS n FROM customer GROUP BY country) AS per_country) ORDER BY country',
    );
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(expected.rows.length);
    expect(keyedRows(shownResult(final)).map((row) => row.country)).toEqual(
      expected.rows.slice(0, 20).map((row) => row.country),
    );
  });
});

describe.skipIf(!mariadb)('the offline analyst on MariaDB', () => {
  let databaseId: string;
  let truth: mysql.Connection;

  beforeAll(async () => {
    if (!mariadb) return;
    databaseId = (await addDatabase(api, { name: 'Chinook MariaDB', engine: 'mysql', details: mariadb })).id;
    truth = await mysql.createConnection(mariadb);
  });
  afterAll(async () => {
    await truth.end();
  });

  async function rows<T>(sql: string): Promise<T[]> {
    const [result] = await truth.query(sql);
    return result as T[];
  }

  it('"how many tracks per genre"', async () => {
    const asked = await askOnce(api, client, databaseId, 'how many tracks per genre');
    const expected = await rows<{ name: string; tracks: number }>(
      'SELECT g.Name AS name, count(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId, g.Name ORDER BY tracks DESC, g.Name',
    );
    const final = expectQueryShown(asked);
    // The semantic model joins Track to Genre by the declared key.
    expect(final.sql).toMatch(/JOIN[\s\S]*\.Genre\b/);
    expect(final.result.rowCount).toBe(expected.length);
    expect(keyedRows(shownResult(final)).map((row) => [row.name, Number(row.track_count)])).toEqual(
      expected.slice(0, 20).map((row) => [row.name, row.tracks]),
    );
  });

  it('"which country has the fewest customers" shows every country tied for fewest', async () => {
    const asked = await askOnce(api, client, databaseId, 'Which country has the fewest customers?');
    const expected = await rows<{ country: string }>(
      'SELECT Country AS country FROM Customer GROUP BY Country HAVING count(*) = (SELECT min(n) FROM (SELECT count(*) AS n FROM Customer GROUP BY Country) AS per_country) ORDER BY Country',
    );
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(expected.length);
    expect(keyedRows(shownResult(final)).map((row) => row.country)).toEqual(
      expected.slice(0, 20).map((row) => row.country),
    );
  });

  it('"How many customers are from Brazil?"', async () => {
    const asked = await askOnce(api, client, databaseId, 'How many customers are from Brazil?');
    const [expected] = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM Customer WHERE Country = 'Brazil'",
    );
    const final = expectQueryShown(asked);
    expect(final.sql).toContain("IN ('Brazil')");
    expect(asked.answer).toContain(`**${shown(Number(expected?.n))}**`);
  });

  it('"average invoice total by billing country"', async () => {
    const asked = await askOnce(api, client, databaseId, 'average invoice total by billing country');
    const expected = await rows<{ country: string; average: string }>(
      'SELECT BillingCountry AS country, avg(Total) AS average FROM Invoice GROUP BY BillingCountry',
    );
    const final = expectQueryShown(asked);
    const truthByCountry = new Map(expected.map((row) => [row.country, Number(row.average)]));
    expect(final.result.rowCount).toBe(expected.length);
    const shownRows = keyedRows(shownResult(final));
    expect(shownRows.length).toBeGreaterThan(0);
    for (const row of shownRows) {
      expect(Number(row.avg_total)).toBeCloseTo(
        // The semantic model names the dimension billing_country; the schema reading keeps BillingCountry.
        truthByCountry.get(String(row.billing_country ?? row.BillingCountry)) ?? Number.NaN,
        4,
      );
    }
  });
});

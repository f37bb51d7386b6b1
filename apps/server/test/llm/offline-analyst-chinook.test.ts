import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import type { OfflineApp } from '../helpers/offline-app.ts';
import { startOfflineApp } from '../helpers/offline-app.ts';
import type { Truth } from '../helpers/offline-chat.ts';
import {
  askOnce,
  expectGroups,
  expectOfflineFooter,
  expectQueryShown,
  shown,
  shownColumn,
  shownResult,
} from '../helpers/offline-chat.ts';
import { keyedRows } from '../helpers/result-rows.ts';

/*
 * The offline analyst on a SQLite copy of Chinook, whose names are PascalCase and singular
 * ("InvoiceLine", "BillingCountry"): each phrasing goes through the socket's `ask` and the real
 * loop, and is checked against the truth computed here with our own SQL.
 */

let api: ApiClient;
let client: ChatClient;
let databaseId: string;
let truth: Truth;
let offline: OfflineApp;

beforeAll(async () => {
  offline = await startOfflineApp('chinook');
  ({ api, client, databaseId, truth } = offline);
});

afterAll(() => offline.stop());

const ask = (question: string) => askOnce(api, client, databaseId, question);

describe('the offline analyst on Chinook', () => {
  it('"What tables are there?" lists every table through search_schema', async () => {
    const asked = await ask('What tables are there?');
    expect(asked.steps).toEqual(['search_schema']);
    const tables = truth.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    );
    expect(asked.answer).toContain(`**${tables.length}** tables`);
    for (const { name } of tables) expect(asked.answer).toMatch(new RegExp(`- \`${name}\` \\(~`));
    expectOfflineFooter(asked.answer);
  });

  it('"Describe the Track table"', async () => {
    const asked = await ask('Describe the Track table');
    const columns = truth.all<{ name: string; type: string }>('PRAGMA table_info(Track)');
    for (const column of columns) expect(asked.answer).toContain(`| \`${column.name}\` | ${column.type} |`);
    expect(asked.answer).toContain('→ main.Genre.GenreId');
    expect(asked.queries).toEqual([]);
  });

  it('"how many invoice lines are there" finds InvoiceLine', async () => {
    const asked = await ask('how many invoice lines are there');
    const final = expectQueryShown(asked);
    // From the semantic model's dataset of InvoiceLine (the schema reading quotes it: "InvoiceLine").
    expect(final.sql).toMatch(/\bInvoiceLine\b/);
    expect(asked.answer).toContain(`**${shown(Number(truth.value('SELECT count(*) FROM InvoiceLine')))}**`);
  });

  it('"How many customers are from Brazil?"', async () => {
    const asked = await ask('How many customers are from Brazil?');
    const final = expectQueryShown(asked);
    // The semantic model's count of customers, with Brazil looked up among the country's values first.
    expect(asked.steps).toEqual([
      'search_schema',
      'list_metrics',
      ...Array<string>(6).fill('query_metrics'),
      'query_metrics',
    ]);
    expect(final.sql).toContain(`IN ('Brazil')`);
    const count = Number(truth.value("SELECT count(*) FROM Customer WHERE Country = 'Brazil'"));
    expect(asked.answer).toContain(`The number of customers where Country is 'Brazil' is **${count}**`);
  });

  it('"show 3 invoices from Germany"', async () => {
    const asked = await ask('show 3 invoices from Germany');
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(3);
    expect(shownColumn(final, 'BillingCountry')).toEqual(['Germany', 'Germany', 'Germany']);
  });

  it('"invoices where total is over 20"', async () => {
    const asked = await ask('invoices where total is over 20');
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(Number(truth.value('SELECT count(*) FROM Invoice WHERE Total > 20')));
  });

  it('"top 5 artists by number of albums"', async () => {
    const asked = await ask('top 5 artists by number of albums');
    const expected = truth.all<{ name: string; albums: number }>(
      'SELECT ar.Name AS name, count(*) AS albums FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY ar.ArtistId ORDER BY albums DESC, ar.Name LIMIT 5',
    );
    const final = expectQueryShown(asked);
    // From the semantic model: each artist's rows (artist_key), named by their name.
    expect(keyedRows(shownResult(final)).map((row) => [row.name, row.album_count])).toEqual(
      expected.map((row) => [row.name, row.albums]),
    );
    expect(asked.answer).toContain(
      `**${expected[0]?.name ?? ''}** comes first with **${expected[0]?.albums ?? 0}**`,
    );
  });

  it('"Which genre has the most tracks?"', async () => {
    const asked = await ask('Which genre has the most tracks?');
    const [best] = truth.all<{ name: string; tracks: number }>(
      'SELECT g.Name AS name, count(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId ORDER BY tracks DESC LIMIT 1',
    );
    expectQueryShown(asked);
    expect(asked.answer).toContain(
      `**${best?.name ?? ''}** has the highest number of tracks, with **${shown(best?.tracks ?? 0)}**`,
    );
  });

  it('"how many tracks per genre"', async () => {
    const asked = await ask('how many tracks per genre');
    const expected = truth.all(
      'SELECT g.Name AS k, count(*) AS v FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId',
    );
    expectGroups(expectQueryShown(asked), expected, { key: 'name', value: 'track_count' });
  });

  it('"How many albums does each artist have?"', async () => {
    const asked = await ask('How many albums does each artist have?');
    const expected = truth.all(
      'SELECT ar.Name AS k, count(*) AS v FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY ar.ArtistId',
    );
    expectGroups(expectQueryShown(asked), expected, { key: 'name', value: 'album_count' });
  });

  it('"number of customers per support rep" follows SupportRepId to the employees\' names', async () => {
    const asked = await ask('number of customers per support rep');
    const expected = truth.all<{ name: string; n: number }>(
      "SELECT e.FirstName || ' ' || e.LastName AS name, count(*) AS n FROM Customer c JOIN Employee e ON e.EmployeeId = c.SupportRepId GROUP BY e.EmployeeId ORDER BY n DESC",
    );
    const final = expectQueryShown(asked);
    expect(
      keyedRows(shownResult(final)).map((row) => [
        `${String(row.FirstName)} ${String(row.LastName)}`,
        row.customer_count,
      ]),
    ).toEqual(expected.map((row) => [row.name, row.n]));
  });

  it('"minimum invoice total by year"', async () => {
    const asked = await ask('minimum invoice total by year');
    const expected = truth.all(
      "SELECT CAST(strftime('%Y', InvoiceDate) AS INTEGER) AS k, min(Total) AS v FROM Invoice GROUP BY k",
    );
    expectGroups(expectQueryShown(asked), expected, { key: 'year', value: 'min_total' });
  });

  it('"average unit price per genre" measures Track, the table one join from Genre', async () => {
    const asked = await ask('average unit price per genre');
    const expected = truth.all(
      'SELECT g.Name AS k, avg(t.UnitPrice) AS v FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId',
    );
    const final = expectQueryShown(asked);
    expect(final.sql).toContain('FROM "Track"');
    expectGroups(final, expected, { key: 'genre', value: 'avg_unit_price' });
  });

  it('"total of invoice totals by billing country"', async () => {
    const asked = await ask('total of invoice totals by billing country');
    const expected = truth.all(
      'SELECT BillingCountry AS k, sum(Total) AS v FROM Invoice GROUP BY BillingCountry',
    );
    // The metric Invoice total of the semantic model, by its dimension billing_country.
    expectGroups(expectQueryShown(asked), expected, { key: 'billing_country', value: 'invoice_total' });
  });

  it('"total sales by country" reads sales as the invoices\' Total, by their BillingCountry', async () => {
    const asked = await ask('total sales by country');
    const expected = truth.all<{ k: string; v: number }>(
      'SELECT BillingCountry AS k, sum(Total) AS v FROM Invoice GROUP BY BillingCountry ORDER BY v DESC',
    );
    const final = expectQueryShown(asked);
    expectGroups(final, expected, { key: 'BillingCountry', value: 'sum_total' });
    expect(asked.answer).toContain(
      `**${expected[0]?.k ?? ''}** is highest with **${shown(expected[0]?.v ?? 0)}**`,
    );
  });

  it('"top 5 customers by total spent"', async () => {
    const asked = await ask('top 5 customers by total spent');
    const expected = truth.all<{ FirstName: string; LastName: string; v: number }>(
      'SELECT c.FirstName, c.LastName, sum(i.Total) AS v FROM Invoice i JOIN Customer c USING (CustomerId) GROUP BY c.CustomerId ORDER BY v DESC, c.FirstName, c.LastName LIMIT 5',
    );
    const final = expectQueryShown(asked);
    const rows = keyedRows(shownResult(final));
    expect(rows.map((row) => `${String(row.FirstName)} ${String(row.LastName)}`)).toEqual(
      expected.map((row) => `${row.FirstName} ${row.LastName}`),
    );
    rows.forEach((row, index) => expect(row.sum_total).toBeCloseTo(expected[index]?.v ?? 0, 6));
  });

  it('"distinct countries of customers"', async () => {
    const asked = await ask('distinct countries of customers');
    const expected = truth.all<{ Country: string }>('SELECT DISTINCT Country FROM Customer ORDER BY Country');
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(expected.length);
    expect(keyedRows(shownResult(final))).toEqual(expected.slice(0, 20));
    expect(asked.answer).toContain(`**${expected.length}** distinct values`);
  });

  it('"How many different countries do customers come from?"', async () => {
    const asked = await ask('How many different countries do customers come from?');
    expectQueryShown(asked);
    const count = Number(truth.value('SELECT count(DISTINCT Country) FROM Customer'));
    expect(asked.answer).toContain(`has **${count}** distinct values`);
  });

  it('"what is the highest unit price"', async () => {
    const asked = await ask('what is the highest unit price');
    expectQueryShown(asked);
    expect(asked.answer).toContain(`**${shown(Number(truth.value('SELECT max(UnitPrice) FROM Track')))}**`);
  });

  it('"longest 3 tracks"', async () => {
    const asked = await ask('longest 3 tracks');
    const expected = truth.all<{ Name: string }>('SELECT Name FROM Track ORDER BY Milliseconds DESC LIMIT 3');
    const final = expectQueryShown(asked);
    expect(shownColumn(final, 'Name')).toEqual(expected.map((row) => row.Name));
  });

  it('"How many artists are in the database?" answers from the semantic model\'s count of artists', async () => {
    const asked = await ask('How many artists are in the database?');
    expect(asked.steps).toContain('list_metrics');
    expect(asked.steps.at(-1)).toBe('query_metrics');
    const final = expectQueryShown(asked);
    expect(final.result.rows).toEqual([[truth.value('SELECT count(*) FROM Artist')]]);
    expect(asked.answer).toContain('From the metric **Number of artists** (`artist_count`)');
    expect(asked.answer).toContain('not yet certified');
    expectOfflineFooter(asked.answer);
  });

  it('"how many employees work here"', async () => {
    const asked = await ask('how many employees work here');
    const final = expectQueryShown(asked);
    expect(final.result.rows).toEqual([[truth.value('SELECT count(*) FROM Employee')]]);
  });

  it('"What is the highest track unit price?" takes the maximum of the Track measure', async () => {
    const asked = await ask('What is the highest track unit price?');
    const final = expectQueryShown(asked);
    expect(final.result.rows).toEqual([[truth.value('SELECT max(UnitPrice) FROM Track')]]);
    expect(asked.answer).toContain('From the measure **Unit price** (`track.unit_price`)');
  });

  it('runs SQL typed directly: "SELECT count(*) AS n FROM Album"', async () => {
    const asked = await ask('SELECT count(*) AS n FROM Album');
    expect(asked.steps).toEqual(['run_sql']);
    const final = expectQueryShown(asked);
    expect(keyedRows(shownResult(final))).toEqual([{ n: truth.value('SELECT count(*) FROM Album') }]);
    expectOfflineFooter(asked.answer);
  });

  it('runs a WITH query typed directly', async () => {
    const sql = 'WITH big AS (SELECT * FROM Invoice WHERE Total > 15) SELECT count(*) AS n FROM big';
    const asked = await ask(sql);
    const final = expectQueryShown(asked);
    expect(final.sql).toBe(sql);
    expect(keyedRows(shownResult(final))).toEqual([
      { n: truth.value('SELECT count(*) FROM Invoice WHERE Total > 15') },
    ]);
  });
});

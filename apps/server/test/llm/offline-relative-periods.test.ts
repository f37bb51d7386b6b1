import Database3 from 'better-sqlite3';
import { temporaryDirectory } from '../fixtures/chinook.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { addDatabase } from '../helpers/factories.ts';
import { askOnce, shown } from '../helpers/offline-chat.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * "Last month", "the last 30 days", "this year": the offline analyst reads them from the date the
 * server's clock gives the turn, through the socket and the real loop, and its figure is the one
 * our own SQL finds for that period; the answer says how it read the period. "Recently" names no
 * period and is declined.
 */

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let databaseId: string;
let folder: Awaited<ReturnType<typeof temporaryDirectory>>;
let truth: Database3.Database;

beforeAll(async () => {
  folder = await temporaryDirectory('querent-relative-');
  const filename = `${folder.dir}/sales.sqlite`;
  truth = new Database3(filename);
  truth.exec(`
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, customer_name TEXT NOT NULL);
    CREATE TABLE orders (
      order_id INTEGER PRIMARY KEY,
      customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
      order_date DATE NOT NULL,
      amount NUMERIC NOT NULL
    );
    INSERT INTO customers VALUES (1, 'Ada'), (2, 'Brian'), (3, 'Chen');
  `);
  const insert = truth.prepare('INSERT INTO orders VALUES (?, ?, ?, ?)');
  // One order every five days from the start of 2025 to the clock's day, amounts varying.
  const start = Date.UTC(2025, 0, 3);
  for (let index = 0; index * 5 <= 694; index += 1) {
    const day = new Date(start + index * 5 * 86_400_000).toISOString().slice(0, 10);
    insert.run(index + 1, (index % 3) + 1, day, 10 + ((index * 7) % 40));
  }
  running = await startTestApp({}, { now: () => new Date('2026-11-28T12:00:00Z') });
  api = apiClient(running.baseUrl);
  databaseId = (await addDatabase(api, { name: 'Sales', engine: 'sqlite', details: { filename } })).id;
  client = await connectChat(running.baseUrl);
});

afterAll(async () => {
  client.close();
  await running.stop();
  truth.close();
  await folder.remove();
});

const value = (sql: string) => Number(truth.prepare(sql).pluck().get());

describe('periods counted from the turn’s date', () => {
  it('reads "last month" as the calendar month before, and says so', async () => {
    const asked = await askOnce(api, client, databaseId, 'How many orders were placed last month?');
    const expected = value(
      "SELECT count(*) FROM orders WHERE order_date >= '2026-10-01' AND order_date < '2026-11-01'",
    );
    expect(asked.answer).toContain('"last month" read as October 2026');
    expect(asked.answer).toContain(`**${shown(expected)}**`);
  });

  it('reads "the last 30 days" as the 30 days ending today', async () => {
    const asked = await askOnce(api, client, databaseId, 'What is the total amount in the last 30 days?');
    const expected = value(
      "SELECT sum(amount) FROM orders WHERE order_date >= '2026-10-30' AND order_date <= '2026-11-28'",
    );
    expect(asked.answer).toContain('"in the last 30 days" read as 2026-10-30 to 2026-11-28');
    // Money is shown with its cents.
    expect(asked.answer).toContain(`**${expected.toFixed(2)}**`);
  });

  it('reads "this year" as the calendar year of the clock', async () => {
    const asked = await askOnce(api, client, databaseId, 'how many orders this year');
    const expected = value(
      "SELECT count(*) FROM orders WHERE order_date >= '2026-01-01' AND order_date < '2027-01-01'",
    );
    expect(asked.answer).toContain(`**${shown(expected)}**`);
  });

  it('declines "recently", which names no period, without running SQL', async () => {
    const asked = await askOnce(api, client, databaseId, 'How many orders were placed recently?');
    expect(asked.queries).toEqual([]);
    expect(asked.answer).toContain('I cannot tell which dates "recently" covers');
  });
});

import Database3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingStyleShops, styledSql } from '../fixtures/naming-style-shops.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { Verdict } from '../helpers/answer-verdict.ts';
import { verdictOf } from '../helpers/answer-verdict.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { addDatabase } from '../helpers/factories.ts';
import { askOnce } from '../helpers/offline-chat.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * The offline analyst on databases it was not written against: one shop in six naming styles,
 * each connected as a new user would and asked plain business questions through the socket. It
 * answers from the semantic model proposed from the schema (no hand edits), falls back to the
 * schema reading, and declines what neither carries. Each answer's result is compared as data
 * with the reference SQL's rows on the same file; no answer may be confidently wrong, and the
 * questions nothing in the shop answers must be declined.
 */

interface Case {
  question: string;
  /** Reference SQL in logical names; null: the analyst must decline. */
  sql: string | null;
}

const cases: Case[] = [
  { question: 'How many customers are there?', sql: 'SELECT count(*) FROM {customer}' },
  { question: 'How many orders are in the database?', sql: 'SELECT count(*) FROM {order}' },
  { question: 'how many employees work here', sql: 'SELECT count(*) FROM {employee}' },
  { question: 'Number of products', sql: 'SELECT count(*) FROM {product}' },
  {
    question: 'How many orders were placed in 2023?',
    sql: "SELECT count(*) FROM {order} WHERE {order.date} >= '2023-01-01' AND {order.date} < '2024-01-01'",
  },
  {
    question: 'How many customers are there in each country?',
    sql: 'SELECT {customer.country}, count(*) FROM {customer} GROUP BY 1',
  },
  {
    question: 'Which country has the most customers?',
    sql: 'SELECT {customer.country}, count(*) AS n FROM {customer} GROUP BY 1 ORDER BY n DESC LIMIT 1',
  },
  {
    question: 'What is the highest unit price of products?',
    sql: 'SELECT max({product.price}) FROM {product}',
  },
  { question: 'What is the average product price?', sql: 'SELECT avg({product.price}) FROM {product}' },
  { question: 'What is the total quantity ordered?', sql: 'SELECT sum({line.quantity}) FROM {line}' },
  {
    question: 'Which customer has placed the most orders?',
    sql: 'SELECT c.{customer.name}, count(*) AS n FROM {order} o JOIN {customer} c ON c.{customer.id} = o.{order.customer} GROUP BY c.{customer.id} ORDER BY n DESC LIMIT 1',
  },
  {
    question: 'Which category has the most products?',
    sql: 'SELECT c.{category.name}, count(*) AS n FROM {product} p JOIN {category} c ON c.{category.id} = p.{product.category} GROUP BY c.{category.id} ORDER BY n DESC LIMIT 1',
  },
  {
    question: 'Which month of 2023 had the most orders?',
    sql: "SELECT date({order.date}, 'start of month') AS m, count(*) AS n FROM {order} WHERE {order.date} >= '2023-01-01' AND {order.date} < '2024-01-01' GROUP BY m ORDER BY n DESC LIMIT 1",
  },
  {
    question: 'Number of orders per year',
    sql: "SELECT CAST(strftime('%Y', {order.date}) AS INTEGER) AS y, count(*) FROM {order} GROUP BY y",
  },
  {
    question: 'What is the lowest salary of employees?',
    sql: 'SELECT min({employee.salary}) FROM {employee}',
  },
  {
    question: 'How many customers are from Germany?',
    sql: "SELECT count(*) FROM {customer} WHERE {customer.country} = 'Germany'",
  },
  {
    question: 'How many orders were cancelled?',
    sql: "SELECT count(*) FROM {order} WHERE {order.status} = 'cancelled'",
  },
  {
    question: 'Number of customers in Paris or Osaka',
    sql: "SELECT count(*) FROM {customer} WHERE {customer.city} IN ('Paris', 'Osaka')",
  },
  { question: 'How many unicorns are there?', sql: null },
  { question: 'What is the total revenue by sales region?', sql: null },
  { question: 'How many customers signed up through Facebook?', sql: null },
];

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let fixtures: Awaited<ReturnType<typeof namingStyleShops>>;
const databases = new Map<string, string>();

beforeAll(async () => {
  fixtures = await namingStyleShops();
  running = await startTestApp();
  api = apiClient(running.baseUrl);
  for (const shop of fixtures.shops) {
    const created = await addDatabase(api, {
      name: shop.style.name,
      engine: 'sqlite',
      details: { filename: shop.filename },
    });
    databases.set(shop.style.name, created.id);
  }
  client = await connectChat(running.baseUrl);
});

afterAll(async () => {
  client.close();
  await running.stop();
  await fixtures.remove();
});

describe.each(
  // By name: the files are made in beforeAll.
  [
    'snake_case plural',
    'PascalCase singular',
    'camelCase',
    'UPPER_CASE',
    'names with spaces',
    'prefixes and abbreviations',
  ],
)('the offline analyst on a shop in %s', (styleName) => {
  it('is never confidently wrong and declines what the shop cannot answer', async () => {
    const shop = fixtures.shops.find((entry) => entry.style.name === styleName);
    const databaseId = databases.get(styleName);
    if (!shop || !databaseId) throw new Error(`no shop ${styleName}`);
    const truth = new Database3(shop.filename, { readonly: true });
    const verdicts: { question: string; verdict: Verdict; answer: string }[] = [];
    try {
      for (const entry of cases) {
        const reference =
          entry.sql === null
            ? null
            : (truth.prepare(styledSql(shop.style, entry.sql)).raw().all() as unknown[][]);
        const asked = await askOnce(api, client, databaseId, entry.question);
        const verdict = verdictOf(asked, reference);
        verdicts.push({ question: entry.question, verdict, answer: asked.answer });
      }
    } finally {
      truth.close();
    }
    const wrong = verdicts.filter((entry) => entry.verdict === 'wrong');
    expect(wrong.map((entry) => `${entry.question}\n${entry.answer}`)).toEqual([]);
    const right = verdicts.filter((entry) => entry.verdict === 'right').length;
    const answerable = cases.filter((entry) => entry.sql !== null).length;
    // The dev accuracy of this style, for the record of a run.
    console.log(
      `${styleName}: ${right} right of ${answerable}; refused: ${verdicts
        .filter((entry) => entry.verdict === 'refused')
        .map((entry) => entry.question)
        .join(' | ')}`,
    );
    // The questions every style must answer: counts of a dataset, said in any way.
    for (const must of [
      'How many customers are there?',
      'How many orders are in the database?',
      'how many employees work here',
    ]) {
      expect(verdicts.find((entry) => entry.question === must)?.verdict, must).toBe('right');
    }
    expect(right / answerable, `${right} of ${answerable} right`).toBeGreaterThanOrEqual(0.6);
    // A month is said as people say it, not as the first day the result table keeps.
    const month = verdicts.find((entry) => entry.question === 'Which month of 2023 had the most orders?');
    expect(month?.verdict).toBe('right');
    expect(month?.answer).toMatch(/\*\*[A-Z][a-z]+ 2023\*\* has the highest/);
  });
});

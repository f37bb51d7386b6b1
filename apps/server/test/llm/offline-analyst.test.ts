import type { Message, StatusEvent } from '@querent/contracts';
import type { MockInstance } from 'vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { startConversation } from '../helpers/factories.ts';
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
import { columnNames, keyedRows } from '../helpers/result-rows.ts';
import type { RunningApp } from '../helpers/test-app.ts';

/*
 * The offline analyst on the generated "Demo shop", as a new user without any key meets it: every
 * question goes through the socket's `ask`, the real loop and the real tools, and its answer is
 * checked against the truth computed here with our own SQL on the same file.
 */

let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let demoId: string;
let truth: Truth;
let offline: OfflineApp;

beforeAll(async () => {
  offline = await startOfflineApp('demo');
  ({ running, api, client, databaseId: demoId, truth } = offline);
});

afterAll(() => offline.stop());

const ask = (question: string) => askOnce(api, client, demoId, question);

describe('the offline analyst on the demo shop', () => {
  it('is the model when no key is configured, and answers "how many customers are there?" with its query', async () => {
    expect(running.config.llm.provider).toBe('offline');
    // No network: from `ask` to the answer, nothing calls fetch (the socket itself polls over XHR).
    let fetchSpy: MockInstance<typeof fetch> | null = null;
    const asked = await askOnce(api, client, demoId, 'how many customers are there?', {
      start: () => {
        fetchSpy = vi.spyOn(globalThis, 'fetch');
      },
      end: () => {
        expect(fetchSpy).not.toHaveBeenCalled();
        fetchSpy?.mockRestore();
      },
    });
    const count = Number(truth.value('SELECT count(*) FROM customers'));
    // From the semantic model proposed from the schema: its metric counting customers.
    expect(asked.steps).toEqual(['search_schema', 'list_metrics', 'query_metrics']);
    const final = expectQueryShown(asked);
    expect(final.sql).toMatch(/COUNT\(\*\)[\s\S]*FROM main\.customers/);
    expect(final.result.rows).toEqual([[count]]);
    expect(asked.answer).toContain(`The number of customers is **${shown(count)}**`);
    expect(asked.answer).toContain('From the metric **Number of customers** (`customer_count`)');
    expectOfflineFooter(asked.answer);
  });

  it('"Number of orders"', async () => {
    const asked = await ask('Number of orders');
    const count = Number(truth.value('SELECT count(*) FROM orders'));
    expectQueryShown(asked);
    expect(asked.answer).toContain(`**${shown(count)}**`);
  });

  it('"How many orders were cancelled?" finds the value in the status column first', async () => {
    const asked = await ask('How many orders were cancelled?');
    const count = Number(truth.value("SELECT count(*) FROM orders WHERE status = 'cancelled'"));
    // Looked up among the orders' categories through the semantic model first, then counted.
    const lookUps = asked.queries.slice(0, -1);
    expect(lookUps.length).toBeGreaterThan(0);
    expect(lookUps.some((query) => query.sql.includes('status') && query.result.rowCount === 1)).toBe(true);
    const final = expectQueryShown(asked);
    expect(final.sql).toContain("IN ('cancelled')");
    expect(asked.answer).toContain(`**${shown(count)}**`);
    expectOfflineFooter(asked.answer);
  });

  it('"how many orders where status is shipped"', async () => {
    const asked = await ask('how many orders where status is shipped');
    const count = Number(truth.value("SELECT count(*) FROM orders WHERE status = 'shipped'"));
    expectQueryShown(asked);
    expect(asked.answer).toContain(`**${shown(count)}**`);
  });

  it('"How many customers from Germany?" reads Germany as the country code DE', async () => {
    const asked = await ask('How many customers from Germany?');
    const count = Number(truth.value("SELECT count(*) FROM customers WHERE country_code = 'DE'"));
    const final = expectQueryShown(asked);
    expect(final.sql).toContain("country_code = 'DE'");
    expect(asked.answer).toContain(`**${shown(count)}**`);
  });

  it('"show me 5 customers"', async () => {
    const asked = await ask('show me 5 customers');
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(5);
    const columns = truth.all<{ name: string }>('PRAGMA table_info(customers)').map((column) => column.name);
    expect(columnNames(shownResult(final))).toEqual(columns);
    expect(keyedRows(shownResult(final))).toHaveLength(5);
    expect(asked.answer).toContain('Here are 5 rows of `customers`');
  });

  it('"List the first 10 products"', async () => {
    const asked = await ask('List the first 10 products');
    const final = expectQueryShown(asked);
    expect(final.result.rowCount).toBe(10);
    expect(asked.answer).not.toContain('left it out');
  });

  it('"Top 5 products by unit price"', async () => {
    const asked = await ask('Top 5 products by unit price');
    const expected = truth.all<{ unit_price: number }>(
      'SELECT unit_price FROM products ORDER BY unit_price DESC LIMIT 5',
    );
    const final = expectQueryShown(asked);
    expect(shownColumn(final, 'unit_price')).toEqual(expected.map((row) => row.unit_price));
    const best = truth.value('SELECT max(unit_price) FROM products') as number;
    expect(asked.answer).toContain(`**${shown(best)}**`);
  });

  it('"What are the 3 cheapest products?"', async () => {
    const asked = await ask('What are the 3 cheapest products?');
    const expected = truth.all<{ unit_price: number }>(
      'SELECT unit_price FROM products ORDER BY unit_price LIMIT 3',
    );
    const final = expectQueryShown(asked);
    expect(shownColumn(final, 'unit_price')).toEqual(expected.map((row) => row.unit_price));
  });

  it('"the 5 most recent orders"', async () => {
    const asked = await ask('the 5 most recent orders');
    const expected = truth.all<{ ordered_at: string }>(
      'SELECT ordered_at FROM orders ORDER BY ordered_at DESC LIMIT 5',
    );
    const final = expectQueryShown(asked);
    expect(shownColumn(final, 'ordered_at')).toEqual(expected.map((row) => row.ordered_at));
  });

  it('"average order total by status"', async () => {
    const asked = await ask('average order total by status');
    const expected = truth.all('SELECT status AS k, avg(total_amount) AS v FROM orders GROUP BY status');
    const final = expectQueryShown(asked);
    expectGroups(final, expected, { key: 'status', value: 'avg_total_amount' });
  });

  it('"total quantity by product category" joins order lines to products to categories', async () => {
    const asked = await ask('total quantity by product category');
    const expected = truth.all(
      'SELECT c.name AS k, sum(l.quantity) AS v FROM order_lines l JOIN products p USING (product_id) JOIN categories c USING (category_id) GROUP BY c.name',
    );
    const final = expectQueryShown(asked);
    expectGroups(final, expected, { key: 'category', value: 'sum_quantity' });
  });

  it('"top 3 categories by revenue" totals price × quantity of the order lines', async () => {
    const asked = await ask('top 3 categories by revenue');
    const expected = truth.all<{ k: string; v: number }>(
      'SELECT c.name AS k, sum(l.quantity * l.unit_price) AS v FROM order_lines l JOIN products p USING (product_id) JOIN categories c USING (category_id) GROUP BY c.name ORDER BY v DESC LIMIT 3',
    );
    const final = expectQueryShown(asked);
    expect(shownColumn(final, 'category')).toEqual(expected.map((row) => row.k));
    expect(asked.answer).toContain(
      `**${expected[0]?.k ?? ''}** comes first with **${shown(expected[0]?.v ?? 0)}**`,
    );
  });

  it('"number of orders by year"', async () => {
    const asked = await ask('number of orders by year');
    const expected = truth.all(
      'SELECT CAST(substr(ordered_at, 1, 4) AS INTEGER) AS k, count(*) AS v FROM orders GROUP BY k',
    );
    const final = expectQueryShown(asked);
    expectGroups(final, expected, { key: 'year', value: 'order_count' });
  });

  it('"customers by country"', async () => {
    const asked = await ask('customers by country');
    const expected = truth.all(
      'SELECT country_code AS k, count(*) AS v FROM customers GROUP BY country_code',
    );
    const final = expectQueryShown(asked);
    expectGroups(final, expected, { key: 'country_code', value: 'customer_count' });
  });

  it('"What are the unique values of status in orders?"', async () => {
    const asked = await ask('What are the unique values of status in orders?');
    const expected = truth.all<{ status: string }>('SELECT DISTINCT status FROM orders ORDER BY status');
    const final = expectQueryShown(asked);
    expect(keyedRows(shownResult(final))).toEqual(expected);
    expect(asked.answer).toContain(expected.map((row) => row.status).join(', '));
  });

  it('"what columns does order_lines have?" answers from describe_table, without SQL', async () => {
    const asked = await ask('what columns does order_lines have?');
    expect(asked.steps).toEqual(['search_schema', 'describe_table']);
    const columns = truth.all<{ name: string; type: string }>('PRAGMA table_info(order_lines)');
    expect(asked.answer).toContain(`**${columns.length}** columns`);
    for (const column of columns) expect(asked.answer).toContain(`| \`${column.name}\` | ${column.type} |`);
    expectOfflineFooter(asked.answer);
  });
});

describe('the offline analyst in a conversation that goes on', () => {
  it("answers each new question on its own, after the user's own SQL and an earlier answer", async () => {
    const conversationId = await startConversation(api, `database-${demoId}`);
    const ends: StatusEvent[] = [];
    const turn = async (send: () => void) => {
      send();
      ends.push(
        await client.waitFor<StatusEvent>(
          'status',
          (event) =>
            event.conversation_id === conversationId && event.status !== 'running' && !ends.includes(event),
          30_000,
        ),
      );
    };
    await turn(() => client.socket.emit('query', conversationId, 'SELECT count(*) AS n FROM categories'));
    await turn(() => client.socket.emit('ask', conversationId, 'how many products are there?'));
    await turn(() => client.socket.emit('ask', conversationId, 'Number of orders by status'));
    expect(ends.map((event) => event.status)).toEqual(['clear', 'clear', 'clear']);
    const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
    const answers = stored.body.messages.filter(
      (message) => message.role === 'assistant' && !message.functionCall,
    );
    const products = Number(truth.value('SELECT count(*) FROM products'));
    expect(answers.at(-2)?.content).toContain(`The number of products is **${shown(products)}**`);
    const [top] = truth.all<{ status: string; n: number }>(
      'SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC LIMIT 1',
    );
    expect(answers.at(-1)?.content).toContain(
      `**${top?.status ?? ''}** is highest with **${shown(top?.n ?? 0)}**`,
    );
  });
});

describe('what the offline analyst cannot do', () => {
  it('says it did not understand, with examples and the tables, and runs no SQL', async () => {
    const asked = await ask('What is the meaning of life?');
    expect(asked.queries).toEqual([]);
    expect(asked.answer).toContain('offline analyst');
    expect(asked.answer).toMatch(/could not (answer|understand)/);
    expect(asked.answer).toContain('"What tables are there?"');
    for (const table of ['customers', 'orders', 'order_lines', 'products', 'categories']) {
      expect(asked.answer).toContain(`\`${table}\``);
    }
    expectOfflineFooter(asked.answer);
  });

  it('runs SQL typed directly and, when it fails, says what the database answered', async () => {
    const asked = await ask('SELECT count(*) AS n FROM no_such_table');
    expect(asked.final?.result.error).toMatch(/no such table/);
    expect(asked.answer).toContain('The query failed. The database said:');
    expect(asked.answer).toContain('no such table: no_such_table');
    expectOfflineFooter(asked.answer);
  });
});

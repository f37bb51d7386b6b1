import type { Message, StatusEvent } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api-client.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { startConversation } from '../helpers/factories.ts';
import type { OfflineApp } from '../helpers/offline-app.ts';
import { startOfflineApp } from '../helpers/offline-app.ts';
import type { Truth } from '../helpers/offline-chat.ts';
import {
  askOnce,
  expectOfflineFooter,
  expectQueryShown,
  shown,
  shownColumn,
} from '../helpers/offline-chat.ts';

/*
 * The offline analyst's conditions and refusals on the Demo shop, through the socket's `ask` and
 * the real loop: a negation, a list and money over related rows are answered with the true
 * figure; a word it cannot account for, a period that names no dates and a ranking that says not
 * by what are declined or asked about, never answered with a condition left out.
 */

let api: ApiClient;
let client: ChatClient;
let demoId: string;
let truth: Truth;
let offline: OfflineApp;

beforeAll(async () => {
  offline = await startOfflineApp('demo');
  ({ api, client, databaseId: demoId, truth } = offline);
});

afterAll(() => offline.stop());

const ask = (question: string) => askOnce(api, client, demoId, question);
const count = (sql: string) => Number(truth.value(sql));

describe('conditions the offline analyst applies', () => {
  it('"How many customers are not from Germany?" keeps the negation', async () => {
    const asked = await ask('How many customers are not from Germany?');
    const final = expectQueryShown(asked);
    expect(final.sql).toContain("country_code <> 'DE'");
    expect(asked.answer).toContain(
      `**${shown(count("SELECT count(*) FROM customers WHERE country_code <> 'DE'"))}**`,
    );
  });

  it('"How many orders were cancelled or returned?" reads "or" as either value', async () => {
    const asked = await ask('How many orders were cancelled or returned?');
    expectQueryShown(asked);
    const expected = count("SELECT count(*) FROM orders WHERE status IN ('cancelled', 'returned')");
    expect(asked.answer).toContain(`**${shown(expected)}**`);
  });

  it('"What are the top 5 products by revenue?" adds up what their order lines sold, not their price', async () => {
    const asked = await ask('What are the top 5 products by revenue?');
    const expected = truth.all<{ name: string }>(
      'SELECT p.name FROM order_lines l JOIN products p USING (product_id) GROUP BY p.product_id ORDER BY sum(l.quantity * l.unit_price) DESC LIMIT 5',
    );
    const final = expectQueryShown(asked);
    expect(final.sql).toMatch(/SUM\(ol\.unit_price \* ol\.quantity\)/);
    expect(shownColumn(final, 'product')).toEqual(expected.map((row) => row.name));
    // The figure reads as money, without the floating-point noise of the sum the rows keep exact.
    const top = truth.value(
      'SELECT sum(l.unit_price * l.quantity) AS s FROM order_lines l GROUP BY l.product_id ORDER BY s DESC LIMIT 1',
    ) as number;
    expect(shownColumn(final, 'sum_unit_price_x_quantity')[0]).toBe(top);
    const money = top.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(asked.answer).toContain(`comes first with **${money}**`);
  });

  it('"How many customers from France?" says before the figure that "fr" was matched too', async () => {
    const asked = await ask('How many customers from France?');
    expectQueryShown(asked);
    const expected = count("SELECT count(*) FROM customers WHERE upper(trim(country_code)) = 'FR'");
    const note = asked.answer.indexOf('in any case');
    expect(note).toBeGreaterThan(-1);
    expect(note).toBeLessThan(asked.answer.indexOf(`**${shown(expected)}**`));
  });

  it('reads "and returned?" as a follow-up of "How many orders were cancelled?"', async () => {
    const conversationId = await startConversation(api, `database-${demoId}`);
    const ends: StatusEvent[] = [];
    for (const question of ['How many orders were cancelled?', 'and returned?']) {
      client.socket.emit('ask', conversationId, question);
      ends.push(
        await client.waitFor<StatusEvent>(
          'status',
          (event) =>
            event.conversation_id === conversationId && event.status === 'clear' && !ends.includes(event),
          30_000,
        ),
      );
    }
    const stored = await api.get<{ messages: Message[] }>(`/api/conversations/${conversationId}`);
    const answer = stored.body.messages.at(-1)?.content ?? '';
    expect(answer).toContain('I read this as a follow-up to "How many orders were cancelled?"');
    expect(answer).toContain(`**${shown(count("SELECT count(*) FROM orders WHERE status = 'returned'"))}**`);
  });
});

describe('what the offline analyst declines', () => {
  it('does not count every customer for "signed up through Facebook": no query answers it', async () => {
    const asked = await ask('How many customers signed up through Facebook?');
    expect(asked.answer).toMatch(/could not (answer|find)/);
    expect(asked.answer).toContain('Facebook');
    expect(asked.answer).not.toContain('{{query:');
    expect(asked.answer).not.toContain(`There are **${shown(count('SELECT count(*) FROM customers'))}**`);
    expectOfflineFooter(asked.answer);
  });

  it('says "lately" names no period it can date, and how to ask instead, without running SQL', async () => {
    const asked = await ask('How many orders did we get lately?');
    expect(asked.queries).toEqual([]);
    expect(asked.answer).toContain('I cannot tell which dates "lately" covers');
    expect(asked.answer).toContain('Ask it this way and I can answer: name the period');
  });

  it('asks by what to rank "our best customers"', async () => {
    const asked = await ask('Who are our best customers?');
    expect(asked.queries).toEqual([]);
    expect(asked.answer).toMatch(/^By what should I rank `customers`\? .*Which do you mean\?/);
    expectOfflineFooter(asked.answer);
  });
});

import type { SemanticTerm, SemanticTerms } from '@querent/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../src/features/chat/chat-store.ts';
import { insertTerm, wordsBeforeCaret } from '../src/features/chat/typed-words.ts';
import { renderChatApp } from './helpers/chat-app.tsx';
import { makeConversation, makeMessage, makeSummary } from './helpers/chat-fixtures.ts';
import { type ChatSocketServer, startChatSocketServer } from './helpers/chat-socket-server.ts';
import { makeDatabase, makeProject, makeSchema, stubSession } from './helpers/fixtures.ts';
import type { RecordedRequest } from './helpers/test-server.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/*
 * The question box suggests the semantic model's terms as one types: the words before the caret
 * go to the server (a real local HTTP server answering as Querent's terms route would), the list
 * opens under the box, and the keyboard or the mouse puts a term in place of the typed words.
 */

let http: TestServer;
let io: ChatSocketServer;

beforeAll(async () => {
  [http, io] = await Promise.all([startTestServer(), startChatSocketServer()]);
});
afterAll(async () => {
  await Promise.all([http.close(), io.close()]);
});

const order = { name: 'order', label: 'Order' };
const totalAmount: SemanticTerm = {
  kind: 'metric',
  name: 'order_total_amount',
  label: 'Order total amount',
  certified: true,
  description: null,
  insert: 'order total amount',
  words: 2,
  match: 'prefix',
  matched: 'total amount',
};
const countryDimension: SemanticTerm = {
  kind: 'dimension',
  name: 'customer.country_code',
  label: 'Country code',
  type: 'categorical',
  dataset: { name: 'customer', label: 'Customer' },
  timeGrains: [],
  insert: 'country code',
  words: 1,
  match: 'prefix',
  matched: 'Country code',
};
const orderedAt: SemanticTerm = {
  kind: 'dimension',
  name: 'order.ordered_at',
  label: 'Ordered at',
  type: 'time',
  dataset: order,
  timeGrains: ['day', 'month', 'year'],
  insert: 'ordered at',
  words: 1,
  match: 'prefix',
  matched: 'Ordered at',
};
const delivered: SemanticTerm = {
  kind: 'value',
  value: 'delivered',
  dimension: { name: 'order.status', label: 'Status' },
  dataset: order,
  insert: 'delivered',
  words: 1,
  match: 'prefix',
  matched: 'delivered',
};
const orders: SemanticTerm = {
  kind: 'dataset',
  name: 'order',
  label: 'Order',
  singular: 'order',
  plural: 'orders',
  insert: 'orders',
  words: 1,
  match: 'prefix',
  matched: 'orders',
};

/** What the model answers for the last word typed, as the server's matching would. */
function answerTerms(request: RecordedRequest): { body: SemanticTerms } {
  const q = request.query.get('q') ?? '';
  const terms = q.endsWith('total amo')
    ? [totalAmount]
    : q.endsWith(' co')
      ? [countryDimension]
      : q.endsWith(' ord')
        ? [orders, orderedAt]
        : q.endsWith(' del')
          ? [delivered]
          : [];
  return { body: { terms, source: 'saved' } };
}

const question = makeMessage({ id: 'u1', content: 'How many customers are there?' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  io.received.length = 0;
  stubSession(http, {
    databases: [makeDatabase({ id: 'd1', name: 'Shop', engine: 'sqlite' })],
    projects: [makeProject({ id: 'p1', name: 'Sales', databaseId: 'd1' })],
  });
  http.on('GET /api/databases/d1/schema', { body: makeSchema({ main: [] }) });
  http.on('GET /api/projects/p1/schema', { body: makeSchema({ main: [] }) });
  http.on('GET /api/databases/d1/semantic-model/terms', answerTerms);
  http.on('GET /api/projects/p1/semantic-model/terms', answerTerms);
  http.on('GET /api/conversations', { body: [makeSummary({ id: 'c1' })] });
  http.on('GET /api/conversations/c1', { body: makeConversation([question], { id: 'c1' }) });
});
afterEach(async () => {
  cleanup();
  useChatStore.getState().reset();
  await waitFor(() => expect(io.connectedCount()).toBe(0));
});

const slow = { timeout: 5000 };
const urls = () => ({ http: http.url, socket: io.url });
const questionBox = () => screen.getByRole('textbox', { name: 'Question' });

async function openChat(contextId = 'database-d1') {
  const user = userEvent.setup();
  renderChatApp('/chat/c1', urls(), contextId);
  await screen.findByText('How many customers are there?', {}, slow);
  await waitFor(() => expect(io.connectedCount()).toBe(1));
  return user;
}

describe('the words being typed', () => {
  it('are the last words before the caret, when the caret ends a word', () => {
    expect(wordsBeforeCaret('how many orders were del', 24)).toBe('many orders were del');
    expect(wordsBeforeCaret('how many orders were del', 8)).toBe('how many');
    expect(wordsBeforeCaret('revenue by ', 11)).toBeNull();
    expect(wordsBeforeCaret('revenue?', 8)).toBeNull();
  });

  it('are replaced by the term, followed by one space', () => {
    expect(insertTerm('show total amo', 14, 2, 'order total amount')).toEqual({
      text: 'show order total amount ',
      caret: 24,
    });
    expect(insertTerm('orders by co in 2024', 12, 1, 'country code')).toEqual({
      text: 'orders by country code in 2024',
      caret: 23,
    });
  });
});

describe('suggested terms in the question box', () => {
  it('looks up the words before the caret and puts the highlighted term in with the arrows and Enter', async () => {
    const user = await openChat();
    await user.type(questionBox(), 'revenue by co');
    const list = await screen.findByRole('listbox', { name: 'Suggested terms' });
    expect(within(list).getByRole('option')).toHaveTextContent('Country codeDimension of Customer');
    expect(http.requestsTo('GET', '/api/databases/d1/semantic-model/terms').at(-1)?.query.get('q')).toBe(
      'revenue by co',
    );
    // The box points at the list; nothing is highlighted until the arrows move.
    expect(questionBox()).toHaveAttribute('aria-controls', list.id);
    expect(questionBox()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    const option = within(list).getByRole('option');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(questionBox()).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(questionBox()).toHaveValue('revenue by country code ');
    expect(screen.queryByRole('listbox')).toBeNull();
    // The term went in; nothing was sent.
    expect(io.received).toEqual([]);

    // Typing on goes after the inserted term.
    await user.keyboard('and ord');
    const next = await screen.findByRole('listbox');
    expect(
      within(next)
        .getAllByRole('option')
        .map((item) => item.textContent),
    ).toEqual(['OrderTable', 'Ordered atDimension of Order, by day, month, year']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(within(next).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(within(next).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Tab}');
    expect(questionBox()).toHaveValue('revenue by country code and orders ');
  });

  it('puts the first term in with Tab, replacing several words; says a metric is certified', async () => {
    const user = await openChat();
    await user.type(questionBox(), 'show total amo');
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option')).toHaveTextContent('Order total amountMetric✓ certified');
    await user.keyboard('{Tab}');
    expect(questionBox()).toHaveValue('show order total amount ');
    expect(questionBox()).toHaveFocus();
  });

  it('closes with Escape until other words are typed, and Enter with nothing highlighted still sends', async () => {
    const user = await openChat();
    await user.type(questionBox(), 'orders that were del');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(questionBox()).toHaveValue('orders that were del');
    await user.keyboard('{Backspace}l');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter with the list open and nothing highlighted sends the question as typed.
    await user.type(questionBox(), ' or del');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(io.received).toEqual([{ event: 'ask', args: ['c1', 'orders that were del or del'] }]),
    );
  });

  it('puts a term in with the mouse, and asks the project’s model in a project', async () => {
    http.on('GET /api/conversations/c1', {
      body: makeConversation([question], { id: 'c1', contextId: 'project-p1' }),
    });
    const databaseLookups = () => http.requestsTo('GET', '/api/databases/d1/semantic-model/terms').length;
    const before = databaseLookups();
    const user = await openChat('project-p1');
    await user.type(questionBox(), 'orders that were del');
    const option = within(await screen.findByRole('listbox')).getByRole('option');
    expect(option).toHaveTextContent('deliveredValue of Status (Order)');
    // A pointer over an option does not highlight it (Enter would then put it in): a click does.
    await user.hover(option);
    expect(option).toHaveAttribute('aria-selected', 'false');
    await user.click(option);
    expect(questionBox()).toHaveValue('orders that were delivered ');
    expect(questionBox()).toHaveFocus();
    expect(http.requestsTo('GET', '/api/projects/p1/semantic-model/terms').length).toBeGreaterThan(0);
    expect(databaseLookups()).toBe(before);
  });

  it('shows nothing when nothing matches, and typing never waits for the lookup', async () => {
    http.on('GET /api/databases/d1/semantic-model/terms', (request) => ({
      ...answerTerms(request),
      delayMs: 300,
    }));
    const user = await openChat();
    await user.type(questionBox(), 'zzz total amo');
    // Typed at once, the box already holds every key while the slow lookup is under way.
    expect(questionBox()).toHaveValue('zzz total amo');
    expect(await screen.findByRole('listbox', {}, slow)).toBeInTheDocument();
    await user.type(questionBox(), 'x');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});

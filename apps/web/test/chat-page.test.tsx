import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../src/features/chat/chat-store.ts';
import { useInputModeStore } from '../src/features/chat/input-mode-store.ts';
import { renderChatApp } from './helpers/chat-app.tsx';
import { makeChatQuery, makeConversation, makeMessage, makeSummary } from './helpers/chat-fixtures.ts';
import { type ChatSocketServer, startChatSocketServer } from './helpers/chat-socket-server.ts';
import {
  abilitiesFor,
  makeColumn,
  makeDatabase,
  makeSchema,
  makeTable,
  stubSession,
} from './helpers/fixtures.ts';
import { makeDashboard, makeDashboardSummary } from './helpers/dashboard-fixtures.ts';
import { makeSavedQuery } from './helpers/query-fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let http: TestServer;
let io: ChatSocketServer;

beforeAll(async () => {
  [http, io] = await Promise.all([startTestServer(), startChatSocketServer()]);
});
afterAll(async () => {
  await Promise.all([http.close(), io.close()]);
});

const schema = makeSchema({
  main: [
    makeTable('customers', {
      rowEstimate: 59,
      columns: [makeColumn('id'), makeColumn('country', { type: 'text' })],
    }),
    makeTable('invoices', {
      rowEstimate: 412,
      columns: [makeColumn('id'), makeColumn('customer_id'), makeColumn('total', { type: 'numeric(10,2)' })],
      foreignKeys: [
        {
          name: null,
          columns: ['customer_id'],
          references: { schema: 'main', table: 'customers', columns: ['id'] },
        },
      ],
    }),
  ],
});

const question = makeMessage({ id: 'u1', content: 'How many customers are there?' });
const toolCall = makeMessage({
  id: 's1',
  role: 'assistant',
  content: null,
  functionCall: {
    name: 'run_sql',
    arguments: { query: 'select count(*) as customers from customers' },
    callId: 'k1',
  },
});
const toolResult = makeMessage({
  id: 's2',
  role: 'function',
  content: '1 row',
  functionCall: { name: 'run_sql', arguments: {}, callId: 'k1' },
  queryId: 'q1',
  query: makeChatQuery(),
});
const answer = makeMessage({
  id: 'a1',
  role: 'assistant',
  content: 'There are **59** customers.\n\n{{query:q1}}\n\n| country | customers |\n|---|---|\n| USA | 13 |',
});

function stubConversation(messages = [question, toolCall, toolResult, answer], overrides = {}) {
  http.on('GET /api/conversations', { body: [makeSummary({ id: 'c1' })] });
  http.on('GET /api/conversations/c1', { body: makeConversation(messages, { id: 'c1', ...overrides }) });
}

async function connected() {
  await waitFor(() => expect(io.connectedCount()).toBe(1));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  io.received.length = 0;
  stubSession(http, { databases: [makeDatabase({ id: 'd1', name: 'Chinook', engine: 'sqlite' })] });
  http.on('GET /api/databases/d1/schema', { body: schema });
});
afterEach(async () => {
  // Unmounting closes the app's socket; the next test then starts with no client connected.
  cleanup();
  useChatStore.getState().reset();
  useInputModeStore.getState().setMode('text');
  await waitFor(() => expect(io.connectedCount()).toBe(0));
});

/** The first render loads lazy chunks (markdown, SQL formatter, grid) cold: allow for it. */
const slow = { timeout: 5000 };

const urls = () => ({ http: http.url, socket: io.url });

describe('chat screen', () => {
  it('shows the question, the answer in markdown with its GFM table and the result it cites, steps folded', async () => {
    stubConversation();
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    expect(await screen.findByText('How many customers are there?', {}, slow)).toBeInTheDocument();
    const reply = await screen.findByTestId('assistant-message');
    // Markdown and GFM come from the lazy chunk.
    expect(await within(reply).findByText('59', { selector: 'strong' }, slow)).toBeInTheDocument();
    expect(within(reply).getByRole('cell', { name: 'USA' })).toBeInTheDocument();
    // {{query:q1}} draws the result of the step that ran it.
    const table = await within(reply).findByTestId('result-table', {}, slow);
    expect(await within(table).findByText('customers', {}, slow)).toBeInTheDocument();
    expect(await within(table).findByText('59')).toBeInTheDocument();
    // The tool call and its result are folded under the answer.
    expect(within(reply).queryByTestId('chat-step')).toBeNull();
    await user.click(within(reply).getByRole('button', { name: /1 step/ }));
    const steps = within(reply).getAllByTestId('chat-step');
    expect(steps).toHaveLength(2);
    // SQL is pretty-printed by sql-formatter.
    expect(
      await within(steps[0] as HTMLElement).findByText(
        /SELECT\s+count\(\*\) AS customers\s+FROM\s+customers/,
        {},
        slow,
      ),
    ).toBeInTheDocument();
  });

  it("Save as verified saves the answer's query with the question it answers, marked verified", async () => {
    stubConversation();
    http.on('POST /api/query', (request) => ({
      status: 201,
      body: makeSavedQuery({ id: 'v1', ...(request.body as object) }),
    }));
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const reply = await screen.findByTestId('assistant-message', {}, slow);
    await user.click(await within(reply).findByRole('button', { name: 'Save as verified' }, slow));
    expect(await within(reply).findByRole('button', { name: 'Saved as verified' })).toBeDisabled();
    const posted = http.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/query',
    );
    expect(posted?.body).toEqual({
      title: 'How many customers are there?',
      sql: 'select count(*) as customers from customers',
      databaseId: 'd1',
      question: 'How many customers are there?',
      verified: true,
    });
  });

  it('Pin to dashboard saves the answer’s query and pins it to a new dashboard', async () => {
    http.requests.length = 0;
    stubConversation();
    http.on('GET /api/dashboards', { body: [] });
    http.on('POST /api/query', (request) => ({
      status: 201,
      body: makeSavedQuery({ id: 'p1', ...(request.body as object) }),
    }));
    http.on('POST /api/dashboards', (request) => ({
      status: 201,
      body: makeDashboard({ id: 'db1', name: (request.body as { name: string }).name }),
    }));
    http.on('POST /api/dashboards/db1/tiles', {
      status: 201,
      body: makeDashboard({ id: 'db1', name: 'Mornings' }),
    });
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const reply = await screen.findByTestId('assistant-message', {}, slow);
    await user.click(await within(reply).findByRole('button', { name: 'Pin to dashboard' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Pin to dashboard' }, slow);
    // Nothing of the user's to pick: a new dashboard, named here.
    expect(within(dialog).getByRole('radio', { name: 'A new dashboard' })).toBeChecked();
    const name = within(dialog).getByRole('textbox', { name: 'New dashboard’s name' });
    await user.clear(name);
    await user.type(name, 'Mornings');
    await user.click(within(dialog).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.requestsTo('POST', '/api/query').map((request) => request.body)).toEqual([
      {
        title: 'How many customers are there?',
        sql: 'select count(*) as customers from customers',
        databaseId: 'd1',
        question: 'How many customers are there?',
      },
    ]);
    expect(http.requestsTo('POST', '/api/dashboards').map((request) => request.body)).toEqual([
      { name: 'Mornings' },
    ]);
    expect(http.requestsTo('POST', '/api/dashboards/db1/tiles').map((request) => request.body)).toEqual([
      { savedQueryId: 'p1', title: 'How many customers are there?' },
    ]);
    const notice = await within(screen.getByTestId('notifications')).findByText('Pinned to Mornings');
    expect(notice).toBeInTheDocument();
  });

  it('pins a chart answer with its chart to a dashboard the user already has', async () => {
    const chartAnswer = makeMessage({
      id: 'a1',
      role: 'assistant',
      content: 'Here it is.\n\n{{chart:ch1}}',
    });
    const chartStep = makeMessage({
      id: 's3',
      role: 'function',
      content: 'chart',
      functionCall: { name: 'create_chart', arguments: {}, callId: 'k2' },
      chartId: 'ch1',
      chart: {
        id: 'ch1',
        queryId: 'q1',
        title: 'Customers',
        config: { type: 'bar', x: 'customers', y: ['customers'] },
      },
    });
    http.requests.length = 0;
    stubConversation([question, toolCall, toolResult, chartStep, chartAnswer]);
    http.on('GET /api/dashboards', {
      body: [
        makeDashboardSummary({ id: 'theirs', name: 'Not mine', abilities: abilitiesFor() }),
        makeDashboardSummary({ id: 'mine', name: 'Sales' }),
      ],
    });
    http.on('POST /api/query', (request) => ({
      status: 201,
      body: makeSavedQuery({ id: 'p2', ...(request.body as object) }),
    }));
    http.on('POST /api/dashboards/mine/tiles', {
      status: 201,
      body: makeDashboard({ id: 'mine', name: 'Sales' }),
    });
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const reply = await screen.findByTestId('assistant-message', {}, slow);
    await user.click(await within(reply).findByRole('button', { name: 'Pin to dashboard' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Pin to dashboard' }, slow);
    // Only dashboards the user may change are offered; the first is picked.
    expect(await within(dialog).findByRole('radio', { name: 'Sales' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'Not mine' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.requestsTo('POST', '/api/dashboards')).toEqual([]);
    expect(http.requestsTo('POST', '/api/dashboards/mine/tiles').map((request) => request.body)).toEqual([
      {
        savedQueryId: 'p2',
        title: 'How many customers are there?',
        chart: { type: 'bar', x: 'customers', y: ['customers'] },
      },
    ]);
  });

  it('offers no pin under an answer that shows no table or chart', async () => {
    stubConversation([question, makeMessage({ id: 'a1', role: 'assistant', content: 'No table here.' })]);
    renderChatApp('/chat/c1', urls());
    const reply = await screen.findByTestId('assistant-message', {}, slow);
    expect(await within(reply).findByRole('button', { name: 'Copy' }, slow)).toBeInTheDocument();
    expect(within(reply).queryByRole('button', { name: 'Pin to dashboard' })).toBeNull();
  });

  it('shares the conversation with the organisation from its header when the server allows it', async () => {
    stubConversation();
    http.on('PUT /api/sharing/conversation/c1', (request) => ({
      body: { kind: 'conversation', id: 'c1', ...(request.body as object) },
    }));
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const share = await screen.findByRole('button', { name: 'Share with my organisation' }, slow);
    expect(share).toHaveAttribute('aria-pressed', 'false');
    await user.click(share);
    expect(await screen.findByRole('button', { name: 'Shared with my organisation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const sent = http.requests.filter(
      (request) => request.method === 'PUT' && request.path === '/api/sharing/conversation/c1',
    );
    expect(sent.map((request) => request.body)).toEqual([{ shared: true }]);
    expect(useChatStore.getState().conversations.c1?.shared).toBe(true);
  });

  it("offers no share button on a colleague's shared conversation", async () => {
    stubConversation(undefined, { shared: true, abilities: abilitiesFor() });
    http.on('GET /api/conversations', {
      body: [makeSummary({ id: 'c1', shared: true, abilities: abilitiesFor() })],
    });
    renderChatApp('/chat/c1', urls());
    expect(await screen.findByText('How many customers are there?', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customers by country' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /organisation/ })).toBeNull();
  });

  it('offers no Save as verified for an answer that ran no query', async () => {
    stubConversation([question, makeMessage({ id: 'a1', role: 'assistant', content: 'I could not tell.' })]);
    renderChatApp('/chat/c1', urls());
    const reply = await screen.findByTestId('assistant-message', {}, slow);
    expect(await within(reply).findByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(reply).queryByRole('button', { name: 'Save as verified' })).toBeNull();
  });

  it('the write confirmation card shows the SQL and the operation; Confirm and Reject emit their events', async () => {
    const write = makeMessage({
      id: 'w1',
      role: 'assistant',
      content: null,
      functionCall: {
        name: 'confirm_write',
        arguments: {
          queryId: 'q9',
          query: "delete from customers where country = 'Nowhere'",
          operation: 'DELETE',
          reason: 'DELETE changes data',
          status: 'pending',
        },
      },
    });
    stubConversation([question, write], { status: 'running' });
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const card = await screen.findByTestId('write-confirmation', {}, slow);
    expect(within(card).getByTestId('write-operation')).toHaveTextContent('DELETE');
    expect(await within(card).findByText(/DELETE FROM\s+customers/, {}, slow)).toBeInTheDocument();
    await connected();
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(io.received).toEqual([
        { event: 'confirmWriteOperation', args: ['c1', 'q9'] },
        { event: 'rejectWriteOperation', args: ['c1', 'q9'] },
      ]),
    );
    // The server sends the message again once answered: the buttons give way to the outcome.
    act(() =>
      io.emit('response', {
        ...write,
        functionCall: {
          name: 'confirm_write',
          arguments: { ...write.functionCall?.arguments, status: 'confirmed' },
        },
      }),
    );
    expect(await within(card).findByText(/Confirmed/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('edit and resend emits regenerateFromMessage with the new content; Regenerate reruns the question', async () => {
    stubConversation();
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const mine = await screen.findByTestId('user-message');
    await connected();
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const field = within(mine).getByRole('textbox', { name: 'Edit message' });
    await user.clear(field);
    await user.type(field, 'How many customers are in France?');
    await user.click(within(mine).getByRole('button', { name: 'Save and resend' }));
    await waitFor(() =>
      expect(io.received).toEqual([
        { event: 'regenerateFromMessage', args: ['c1', 'u1', 'How many customers are in France?'] },
      ]),
    );
    // The server deletes what followed; the edited question stays.
    act(() => {
      for (const id of ['s1', 's2', 'a1']) io.emit('delete-message', id);
      io.emit('status', { conversation_id: 'c1', status: 'clear', error: null });
    });
    await waitFor(() => expect(screen.queryByTestId('assistant-message')).toBeNull());
    expect(screen.getByText('How many customers are in France?')).toBeInTheDocument();
    act(() => io.emit('response', { ...answer, id: 'a2' }));
    const reply = await screen.findByTestId('assistant-message');
    await user.click(within(reply).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(io.received.at(-1)).toEqual({ event: 'regenerateFromMessage', args: ['c1', 'u1'] }),
    );
  });

  it('streams an answer in as chunks arrive, then shows the stored message', async () => {
    stubConversation([question], { status: 'running' });
    renderChatApp('/chat/c1', urls());
    await screen.findByText('How many customers are there?', {}, slow);
    await connected();
    act(() => {
      io.emit('response-chunk', { conversationId: 'c1', messageId: 'a9', delta: 'Counting the ' });
      io.emit('response-chunk', { conversationId: 'c1', messageId: 'a9', delta: 'customers…' });
    });
    const reply = await screen.findByTestId('assistant-message');
    await waitFor(() => expect(reply).toHaveTextContent('Counting the customers…'));
    expect(reply).toHaveAttribute('aria-busy', 'true');
    act(() => io.emit('response', { ...answer, id: 'a9', content: 'There are 59 customers.' }));
    await waitFor(() =>
      expect(screen.getByTestId('assistant-message')).toHaveTextContent('There are 59 customers.'),
    );
    expect(screen.getByTestId('assistant-message')).toHaveAttribute('aria-busy', 'false');
  });

  it('refuses to send while running, with the exact text, and Stop emits stop', async () => {
    stubConversation([question], { status: 'running' });
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    await screen.findByText('How many customers are there?', {}, slow);
    await connected();
    expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'running');
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'And in France?{Enter}');
    expect(await screen.findByTestId('chat-notice')).toHaveTextContent('Conversation is already running');
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('And in France?');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(io.received).toEqual([{ event: 'stop', args: ['c1'] }]));
    expect(screen.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
    act(() => io.emit('status', { conversation_id: 'c1', status: 'clear', error: null }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'clear');
  });

  it('sends a question with Enter: pending until the server answers', async () => {
    stubConversation([question, answer]);
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    await screen.findByText('How many customers are there?', {}, slow);
    await connected();
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'And in France?{Enter}');
    await waitFor(() => expect(io.received).toEqual([{ event: 'ask', args: ['c1', 'And in France?'] }]));
    expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'pending');
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('');
    act(() => io.emit('status', { conversation_id: 'c1', status: 'running', error: null }));
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'running'));
  });

  it('shows the error state with Regenerate', async () => {
    stubConversation([question], { status: 'error', error: 'The model provider refused the API key' });
    const user = userEvent.setup();
    renderChatApp('/chat/c1', urls());
    const alert = await screen.findByTestId('chat-error');
    expect(alert).toHaveTextContent('The model provider refused the API key');
    await connected();
    await user.click(within(alert).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(io.received).toEqual([{ event: 'regenerateFromMessage', args: ['c1', 'u1'] }]),
    );
  });

  it('an error fetching the conversation shows it with status error', async () => {
    http.on('GET /api/conversations/c404', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Conversation not found' } },
    });
    renderChatApp('/chat/c404', urls());
    expect(await screen.findByTestId('chat-error')).toHaveTextContent('Conversation not found');
    expect(useChatStore.getState().conversations.c404?.status).toBe('error');
  });

  it('shows the subscription-required state with a link to /subscribe until a response arrives', async () => {
    stubConversation([question]);
    renderChatApp('/chat/c1', urls());
    await screen.findByText('How many customers are there?', {}, slow);
    await connected();
    act(() => io.emit('error', { message: 'SUBSCRIPTION_REQUIRED', conversationId: 'c1' }));
    const banner = await screen.findByTestId('subscription-required');
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '/subscribe');
    act(() => io.emit('response', answer));
    await waitFor(() => expect(screen.queryByTestId('subscription-required')).toBeNull());
  });

  it('reads a busy conversation again when the connection comes back, so a turn ended meanwhile shows', async () => {
    stubConversation([question], { status: 'running' });
    renderChatApp('/chat/c1', urls());
    await screen.findByText('How many customers are there?', {}, slow);
    await connected();
    expect(useChatStore.getState().conversations.c1?.status).toBe('running');

    // The server answering it stopped; another closed the turn while this page was not listening.
    const interrupted = makeMessage({
      id: 'a9',
      role: 'assistant',
      content: 'This answer was interrupted: the server answering it stopped before it finished.',
    });
    stubConversation([question, interrupted], { status: 'error' });
    io.disconnectAll();
    expect(await screen.findByText(/This answer was interrupted/, {}, slow)).toBeInTheDocument();
    expect(useChatStore.getState().conversations.c1?.status).toBe('error');
  });

  it('asks a visitor of the sandbox, who cannot subscribe, to sign in instead', async () => {
    stubSession(http, {
      role: 'anonymous',
      databases: [makeDatabase({ id: 'd1', name: 'Chinook', engine: 'sqlite' })],
    });
    http.on('GET /api/auth', { body: { authorization_url: 'https://idp.example.com/authorize' } });
    stubConversation([question]);
    const app = renderChatApp('/chat/c1', urls());
    await screen.findByText('How many customers are there?', {}, slow);
    await connected();
    act(() => io.emit('error', { message: 'SUBSCRIPTION_REQUIRED', conversationId: 'c1' }));
    const banner = await screen.findByTestId('subscription-required');
    expect(within(banner).queryByRole('link', { name: 'Subscribe to continue' })).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign in to continue' }));
    await waitFor(() =>
      expect(app.services.browser.assign).toHaveBeenCalledWith('https://idp.example.com/authorize'),
    );
  });
});

describe('new chat', () => {
  it('offers three starter questions from the schema; one creates the conversation, asks it and opens it', async () => {
    http.on('POST /api/conversations', { status: 201, body: makeSummary({ id: 'c7', name: null }) });
    http.on('GET /api/conversations/c7', { body: makeConversation([], { id: 'c7' }) });
    const user = userEvent.setup();
    const app = renderChatApp('/chat/new', urls());
    const list = await screen.findByRole('list', { name: 'Starter questions' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'How many rows are in invoices?',
      'Show the first 10 rows of customers',
      'What are the top 5 invoices by total?',
    ]);
    await connected();
    await user.click(within(list).getByRole('button', { name: 'How many rows are in invoices?' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/chat/c7'));
    expect(http.requests.findLast((request) => request.method === 'POST')?.body).toEqual({
      contextId: 'database-d1',
    });
    await waitFor(() =>
      expect(io.received).toEqual([{ event: 'ask', args: ['c7', 'How many rows are in invoices?'] }]),
    );
    // The router renders the new address a moment after it changes.
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'pending'));
  });

  it('without a connection: the disconnected banner, and sending is refused without creating anything', async () => {
    const deadSocket = 'http://127.0.0.1:9';
    const posted = http.count('POST /api/conversations');
    const user = userEvent.setup();
    renderChatApp('/chat/new', { http: http.url, socket: deadSocket });
    expect(await screen.findByTestId('disconnected-banner', {}, { timeout: 4000 })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Hello{Enter}');
    expect(await screen.findByTestId('chat-notice')).toHaveTextContent('Socket is disconnected');
    expect(http.count('POST /api/conversations')).toBe(posted);
  });

  it('switches the input to SQL mode with CodeMirror, and back', async () => {
    const user = userEvent.setup();
    renderChatApp('/chat/new', urls());
    await user.click(await screen.findByRole('button', { name: 'SQL' }));
    expect(screen.getByRole('button', { name: 'SQL' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('textbox', { name: 'SQL to run' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    expect(screen.getByRole('textbox', { name: 'Question' })).toBeInTheDocument();
  });
});

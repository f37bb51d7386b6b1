import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../src/features/chat/chat-store.ts';
import { renderChatApp } from './helpers/chat-app.tsx';
import { makeConversation, makeSummary } from './helpers/chat-fixtures.ts';
import { type ChatSocketServer, startChatSocketServer } from './helpers/chat-socket-server.ts';
import { makeDatabase, makeSchema, stubSession } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let http: TestServer;
let io: ChatSocketServer;

beforeAll(async () => {
  [http, io] = await Promise.all([startTestServer(), startChatSocketServer()]);
});
afterAll(async () => {
  await Promise.all([http.close(), io.close()]);
});

const urls = () => ({ http: http.url, socket: io.url });

const listed = [
  makeSummary({ id: 'c2', name: 'Revenue by month', updatedAt: '2026-03-02T10:00:00.000Z' }),
  makeSummary({ id: 'c1', name: 'Customers by country', updatedAt: '2026-03-01T10:00:00.000Z' }),
  makeSummary({ id: 'c0', name: null, updatedAt: '2026-02-01T10:00:00.000Z', status: 'running' }),
];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubSession(http, {
    databases: [makeDatabase({ id: 'd1', name: 'Chinook' }), makeDatabase({ id: 'd2', name: 'Warehouse' })],
  });
  http.on('GET /api/conversations', (request) => ({
    body:
      request.query.get('contextId') === 'database-d1'
        ? listed
        : [makeSummary({ id: 'w1', name: 'Stock levels', contextId: 'database-d2' })],
  }));
  http.on('GET /api/databases/d1/schema', { body: makeSchema({}) });
  http.on('GET /api/databases/d2/schema', { body: makeSchema({}) });
});
afterEach(async () => {
  cleanup();
  useChatStore.getState().reset();
  await waitFor(() => expect(io.connectedCount()).toBe(0));
});

async function conversationList() {
  const section = await screen.findByRole('region', { name: 'Conversations' });
  await within(section).findByText('Revenue by month', {}, { timeout: 5000 });
  return section;
}

describe('sidebar conversations', () => {
  it("lists the context's conversations in the server's order (newest first) with a running indicator", async () => {
    renderChatApp('/chat/new', urls());
    const section = await conversationList();
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Revenue by month',
      'Customers by country',
      'Untitled conversation',
    ]);
    expect(links[0]).toHaveAttribute('href', '/chat/c2');
    expect(
      http.requests.findLast((request) => request.path === '/api/conversations')?.query.get('contextId'),
    ).toBe('database-d1');
    // c0 is running; status events move the indicator.
    expect(within(links[2] as HTMLElement).getByRole('status', { name: 'Running' })).toBeInTheDocument();
    expect(within(links[0] as HTMLElement).queryByRole('status', { name: 'Running' })).toBeNull();
    await waitFor(() => expect(io.connectedCount()).toBe(1));
    act(() => {
      io.emit('status', { conversation_id: 'c2', status: 'running', error: null });
      io.emit('status', { conversation_id: 'c0', status: 'clear', error: null });
    });
    await waitFor(() => {
      expect(within(links[0] as HTMLElement).getByRole('status', { name: 'Running' })).toBeInTheDocument();
      expect(within(links[2] as HTMLElement).queryByRole('status', { name: 'Running' })).toBeNull();
    });
  });

  it('renames a conversation with PUT', async () => {
    http.on('PUT /api/conversations/c1', (request) => ({
      body: makeSummary({ id: 'c1', name: (request.body as { name: string }).name }),
    }));
    const user = userEvent.setup();
    renderChatApp('/chat/new', urls());
    const section = await conversationList();
    await user.click(within(section).getByRole('button', { name: 'Rename Customers by country' }));
    const field = within(section).getByRole('textbox', { name: 'Conversation name' });
    await user.clear(field);
    await user.type(field, 'Customers per country{Enter}');
    expect(await within(section).findByRole('link', { name: 'Customers per country' })).toBeInTheDocument();
    expect(http.requests.findLast((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Customers per country',
    });
  });

  it('deletes a conversation after confirmation, and leaves it when it was open', async () => {
    http.on('GET /api/conversations/c1', { body: makeConversation([], { id: 'c1' }) });
    http.on('DELETE /api/conversations/c1', { status: 204 });
    const user = userEvent.setup();
    const app = renderChatApp('/chat/c1', urls());
    const section = await conversationList();
    await user.click(within(section).getByRole('button', { name: 'Delete Customers by country' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this conversation?' });
    // Cancel keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(http.count('DELETE /api/conversations/c1')).toBe(0);
    await user.click(within(section).getByRole('button', { name: 'Delete Customers by country' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(section).queryByRole('link', { name: 'Customers by country' })).toBeNull(),
    );
    expect(http.count('DELETE /api/conversations/c1')).toBe(1);
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/chat/new'));
  });

  it('changing the context clears the list and loads the new one', async () => {
    const user = userEvent.setup();
    const before = http.requests.length;
    renderChatApp('/chat/new', urls());
    const section = await conversationList();
    await user.selectOptions(screen.getByTestId('context-selector'), 'database-d2');
    expect(await within(section).findByRole('link', { name: 'Stock levels' })).toBeInTheDocument();
    expect(within(section).queryByText('Revenue by month')).toBeNull();
    expect(
      http.requests
        .slice(before)
        .filter((request) => request.path === '/api/conversations')
        .map((request) => request.query.get('contextId')),
    ).toEqual(['database-d1', 'database-d2']);
  });

  it('a conversation named by the server after its first question is renamed in the list', async () => {
    renderChatApp('/chat/new', urls());
    const section = await conversationList();
    await waitFor(() => expect(io.connectedCount()).toBe(1));
    act(() => io.emit('conversation', makeSummary({ id: 'c0', name: 'Invoices in 2025' })));
    expect(await within(section).findByRole('link', { name: /Invoices in 2025/ })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
import { makeDatabase, makeSchema, makeTable, stubSession } from './helpers/fixtures.ts';
import { makeResults, makeSavedQuery } from './helpers/query-fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const chinook = makeDatabase({ id: 'd1', name: 'Chinook', engine: 'postgres' });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { databases: [chinook] });
  server.on('GET /api/databases/d1/schema', { body: makeSchema({ public: [makeTable('artist')] }) });
  server.on('GET /api/query-history', { body: [] });
  server.on('GET /api/query/q1', { body: makeSavedQuery() });
  server.on('GET /api/query/q1/results', { body: makeResults() });
  server.on('POST /api/query/_run', (request) => ({
    body: { ...makeResults({ queryId: 'h1' }), sql: (request.body as { query: string }).query },
  }));
  useContextStore.getState().select('database-d1');
});

/** The CodeMirror view behind the editor, to type into it the way the browser would. */
async function sqlEditor(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'SQL' }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no CodeMirror view');
  return view;
}

async function setSql(text: string, cursor = text.length) {
  const view = await sqlEditor();
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: cursor },
  });
  return view;
}

function runRequests() {
  return server.requests.filter((request) => request.path === '/api/query/_run');
}

describe('SQL editor', () => {
  it('runs the statement under the cursor with Ctrl+Enter and shows the result', async () => {
    renderApp('/editor', server.url);
    const view = await setSql('SELECT 1;\nSELECT name FROM artist;', 14);
    fireEvent.keyDown(view.contentDOM, { key: 'Enter', ctrlKey: true });
    await screen.findByRole('grid', { name: 'Query results' });
    expect(runRequests().map((request) => request.body)).toEqual([
      { query: 'SELECT name FROM artist', databaseId: 'd1' },
    ]);
    expect(screen.getByTestId('result-summary')).toHaveTextContent('2 rows');
    // Each row's cells under the columns they came in order of.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '#',
      'name',
      'albums',
    ]);
    expect(screen.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual([
      'AC/DC',
      '2',
      'Accept',
      'NULL',
    ]);
    expect(screen.getAllByRole('gridcell')[3]?.querySelector('span')).toHaveTextContent('NULL');
  });

  it('runs everything (or the selection) with the Run button', async () => {
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    await setSql('SELECT 1;\nSELECT 2');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('grid');
    const view = await sqlEditor();
    view.dispatch({ selection: { anchor: 0, head: 8 } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(runRequests()).toHaveLength(2));
    expect(runRequests().map((request) => (request.body as { query: string }).query)).toEqual([
      'SELECT 1;\nSELECT 2',
      'SELECT 1',
    ]);
  });

  it('shows the database’s message when the SQL fails', async () => {
    server.on('POST /api/query/_run', {
      status: 400,
      body: { error: { code: 'QUERY_FAILED', message: 'relation "nope" does not exist' } },
    });
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    await setSql('SELECT * FROM nope');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByText('relation "nope" does not exist');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Query error');
  });

  it('cancels a running query by closing its request', async () => {
    server.on('POST /api/query/_run', { body: makeResults(), delayMs: 5_000 });
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    await setSql('SELECT pg_sleep(10)');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/Running…/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The query was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });

  it("says 'No database selected' when none is, and runs nothing", async () => {
    stubSession(server, { databases: [] });
    useContextStore.getState().select(null);
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    await setSql('SELECT 1');
    expect(screen.getByRole('note')).toHaveTextContent('No database selected');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No database selected');
    expect(runRequests()).toHaveLength(0);
  });

  it('formats the SQL in the engine’s dialect', async () => {
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    const view = await setSql('select a,b from t');
    await user.click(screen.getByRole('button', { name: 'Format' }));
    await waitFor(() => expect(view.state.doc.toString()).toBe('SELECT\n  a,\n  b\nFROM\n  t'));
  });

  it('inserts a table name from the schema panel at the cursor', async () => {
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    const view = await setSql('SELECT * FROM ');
    await user.click(await screen.findByRole('button', { name: 'artist' }));
    expect(view.state.doc.toString()).toBe('SELECT * FROM artist');
  });

  it('loads a past query from the history', async () => {
    server.on('GET /api/query-history', (request) => ({
      body:
        request.query.get('databaseId') === 'd1'
          ? [
              {
                id: 'h9',
                sql: 'SELECT count(*) FROM track',
                databaseId: 'd1',
                conversationId: null,
                ranAt: new Date().toISOString(),
                durationMs: 40,
                count: 1,
                truncated: false,
                error: null,
              },
            ]
          : [],
    }));
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    const view = await sqlEditor();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: /SELECT count\(\*\) FROM track/ }));
    expect(view.state.doc.toString()).toBe('SELECT count(*) FROM track');
    expect(screen.getByText(/1 row · 40 ms/)).toBeInTheDocument();
  });

  it('opens a saved query with its stored last result', async () => {
    renderApp('/query/q1', server.url);
    const view = await sqlEditor();
    expect(view.state.doc.toString()).toBe('SELECT 1');
    expect(screen.getByLabelText('Title')).toHaveValue('Top artists');
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(runRequests()).toHaveLength(0);
    expect(screen.queryByTestId('modified')).toBeNull();
  });

  it('opens SQL handed over by a link as a new query on its database', async () => {
    const sql = 'SELECT t.id FROM artist t WHERE t.name IS NULL';
    renderApp(`/editor?${new URLSearchParams({ sql, database: 'd1' }).toString()}`, server.url);
    const view = await sqlEditor();
    expect(view.state.doc.toString()).toBe(sql);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });
});

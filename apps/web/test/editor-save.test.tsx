import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isModified, loadedDraft } from '../src/features/queries/query-draft.ts';
import { useContextStore } from '../src/stores/context-store.ts';
import { makeDatabase, makeSchema, stubSession } from './helpers/fixtures.ts';
import { makeResults, makeSavedQuery } from './helpers/query-fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { databases: [makeDatabase({ id: 'd1', engine: 'sqlite' })] });
  server.on('GET /api/databases/d1/schema', { body: makeSchema({ '': [] }) });
  server.on('GET /api/query-history', { body: [] });
  server.on('GET /api/query/q1', { body: makeSavedQuery() });
  server.on('GET /api/query/q1/results', { body: makeResults() });
  server.on('POST /api/query/_run', { body: makeResults({ queryId: 'h1' }) });
  useContextStore.getState().select('database-d1');
});

async function sqlView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'SQL' }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no CodeMirror view');
  return view;
}

async function typeSql(text: string) {
  const view = await sqlView();
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

describe('the modified rule', () => {
  it('is modified when the SQL or the title differs from the loaded version', () => {
    const loaded = loadedDraft(makeSavedQuery({ title: 'A', sql: 'SELECT 1' }));
    expect(isModified(loaded, { title: 'A', sql: 'SELECT 1' })).toBe(false);
    expect(isModified(loaded, { title: 'B', sql: 'SELECT 1' })).toBe(true);
    expect(isModified(loaded, { title: 'A', sql: 'SELECT 2' })).toBe(true);
    expect(isModified(loadedDraft(null), { title: '', sql: '' })).toBe(false);
    expect(isModified(loadedDraft(makeSavedQuery({ title: null })), { title: '', sql: 'SELECT 1' })).toBe(
      false,
    );
  });
});

describe('saving a query', () => {
  it('updates a saved query with PUT and stays on its page', async () => {
    server.on('PUT /api/query/q1', (request) => ({
      body: makeSavedQuery({ ...(request.body as object), updatedAt: '2026-03-02T00:00:00.000Z' }),
    }));
    const user = userEvent.setup();
    const app = renderApp('/query/q1', server.url);
    await sqlView();
    expect(screen.queryByTestId('modified')).toBeNull();
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Top artists by albums');
    expect(screen.getByTestId('modified')).toHaveTextContent('Unsaved changes');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('modified')).toBeNull());
    expect(server.requestsTo('PUT', '/api/query/q1').map((request) => request.body)).toEqual([
      { title: 'Top artists by albums', sql: 'SELECT 1' },
    ]);
    expect(server.requestsTo('POST', '/api/query')).toHaveLength(0);
    expect(app.router().state.location.pathname).toBe('/query/q1');
    expect(await screen.findByText('Query saved')).toBeInTheDocument();
  });

  it('creates a new query with POST, moves to /query/{id} and reloads it, keeping the result', async () => {
    server.on('POST /api/query', (request) => ({
      status: 201,
      body: makeSavedQuery({ id: 'q2', ...(request.body as object) }),
    }));
    server.on('GET /api/query/q2', { body: makeSavedQuery({ id: 'q2', title: 'Albums', sql: 'SELECT 2' }) });
    const user = userEvent.setup();
    const app = renderApp('/editor', server.url);
    await typeSql('SELECT 2');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('grid');
    await user.type(screen.getByLabelText('Title'), 'Albums');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(app.router().state.location.pathname).toBe('/query/q2'));
    expect(server.requestsTo('POST', '/api/query').map((request) => request.body)).toEqual([
      { title: 'Albums', sql: 'SELECT 2', databaseId: 'd1' },
    ]);
    // The loader fetched the new query from the server before the editor showed it.
    const postAt = server.requests.findIndex(
      (request) => request.method === 'POST' && request.path === '/api/query',
    );
    expect(
      server.requests.findIndex((request, index) => index > postAt && request.path === '/api/query/q2'),
    ).toBeGreaterThan(postAt);
    await waitFor(() => expect(screen.queryByTestId('modified')).toBeNull());
    expect(screen.getByLabelText('Title')).toHaveValue('Albums');
    // The result run before saving is still there; nothing ran again.
    expect(screen.getByRole('grid')).toBeInTheDocument();
    expect(server.requestsTo('GET', '/api/query/q2/results')).toHaveLength(0);
    expect(server.requestsTo('POST', '/api/query/_run')).toHaveLength(1);
  });

  it('saves an untitled query as "Untitled query"', async () => {
    server.on('POST /api/query', (request) => ({
      status: 201,
      body: makeSavedQuery({ id: 'q3', ...(request.body as object) }),
    }));
    server.on('GET /api/query/q3', { body: makeSavedQuery({ id: 'q3', title: 'Untitled query' }) });
    server.on('GET /api/query/q3/results', { body: makeResults() });
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    await typeSql('SELECT 3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requestsTo('POST', '/api/query')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/query')[0]?.body).toMatchObject({ title: 'Untitled query' });
  });

  it("saves a colleague's query (or a run from the history) as a new query", async () => {
    server.on('GET /api/query/q1', { body: makeSavedQuery({ editable: false }) });
    server.on('POST /api/query', (request) => ({
      status: 201,
      body: makeSavedQuery({ id: 'q4', ...(request.body as object) }),
    }));
    server.on('GET /api/query/q4', { body: makeSavedQuery({ id: 'q4' }) });
    const user = userEvent.setup();
    const app = renderApp('/query/q1', server.url);
    await sqlView();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.router().state.location.pathname).toBe('/query/q4'));
    expect(server.requestsTo('PUT', '/api/query/q1')).toHaveLength(0);
  });

  it("shows the server's reason when saving fails", async () => {
    server.on('PUT /api/query/q1', {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Only its owner may change this query' } },
    });
    const user = userEvent.setup();
    renderApp('/query/q1', server.url);
    await sqlView();
    await user.type(screen.getByLabelText('Title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only its owner may change this query')).toBeInTheDocument();
    expect(screen.getByTestId('modified')).toBeInTheDocument();
  });
});

describe('star and export from the editor', () => {
  it('stars and unstars a saved query', async () => {
    server.on('PUT /api/query/q1/favorite', (request) => ({
      body: { id: 'q1', is_favorite: (request.body as { is_favorite: boolean }).is_favorite },
    }));
    const user = userEvent.setup();
    renderApp('/query/q1', server.url);
    await sqlView();
    await user.click(screen.getByRole('button', { name: 'Star' }));
    expect(await screen.findByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Unstar' }));
    await screen.findByRole('button', { name: 'Star' });
    expect(server.requestsTo('PUT', '/api/query/q1/favorite').map((request) => request.body)).toEqual([
      { is_favorite: true },
      { is_favorite: false },
    ]);
  });

  it('cannot star a query that was never saved', async () => {
    renderApp('/editor', server.url);
    await sqlView();
    expect(screen.getByRole('button', { name: 'Star' })).toBeDisabled();
  });

  it('exports the whole result of the last run as CSV through its history record', async () => {
    server.on('GET /api/query/h1/export', {
      raw: {
        body: 'name,albums\r\nAC/DC,2\r\nAccept,\r\n',
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="query.csv"; filename*=UTF-8''Top%20artists.csv`,
        },
      },
    });
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderApp('/editor', server.url);
    await typeSql('SELECT name, albums FROM artist');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('CSV export ready')).toBeInTheDocument();
    expect(screen.getByText(/Top artists\.csv · 2 rows/)).toBeInTheDocument();
    expect(server.requestsTo('GET', '/api/query/h1/export')[0]?.query.get('format')).toBe('csv');
    expect(await saved[0]?.text()).toBe('name,albums\r\nAC/DC,2\r\nAccept,\r\n');
  });
});

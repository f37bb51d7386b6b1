import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
import { abilitiesFor, makeDatabase, makeSchema, stubSession } from './helpers/fixtures.ts';
import { makeChart, makeResults, makeSavedQuery } from './helpers/query-fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

const results = makeResults({
  queryId: 'h1',
  columns: [
    { name: 'genre', type: 'text' },
    { name: 'country', type: 'text' },
    { name: 'tracks', type: 'integer' },
    { name: 'minutes', type: 'numeric' },
  ],
  // Cells in `columns` order: genre, country, tracks, minutes.
  rows: [
    ['Rock', 'USA', 1297, '5000.5'],
    ['Jazz', 'USA', 130, '900'],
  ],
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { databases: [makeDatabase({ id: 'd1' })] });
  server.on('GET /api/databases/d1/schema', { body: makeSchema({ '': [] }) });
  server.on('GET /api/query-history', { body: [] });
  server.on('POST /api/query/_run', { body: results });
  server.on('GET /api/query/q1', { body: makeSavedQuery() });
  server.on('GET /api/query/q1/results', { body: { ...results, queryId: 'q1' } });
  useContextStore.getState().select('database-d1');
});

async function runSomething() {
  const user = userEvent.setup();
  const content = await screen.findByRole('textbox', { name: 'SQL' }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content);
  view?.dispatch({ changes: { from: 0, insert: 'SELECT genre, country, tracks, minutes FROM t' } });
  await user.click(screen.getByRole('button', { name: 'Run' }));
  await screen.findByRole('grid');
  await user.click(screen.getByRole('tab', { name: 'Chart' }));
  return user;
}

describe('chart builder', () => {
  it('starts from a suggested chart and saves the chosen settings with a title', async () => {
    server.on('POST /api/charts', (request) => ({
      status: 201,
      body: makeChart({ id: 'c9', queryId: 'h1', ...(request.body as object) }),
    }));
    server.on('PUT /api/charts/c9/favorite', { body: { id: 'c9', is_favorite: true } });
    renderApp('/editor', server.url);
    const user = await runSomething();
    const builder = screen.getByRole('region', { name: 'Chart builder' });
    expect(within(builder).getByRole('radio', { name: 'Bar' })).toHaveAttribute('aria-checked', 'true');
    expect(within(builder).getByLabelText('X axis')).toHaveValue('genre');
    expect(within(builder).getByRole('checkbox', { name: 'tracks' })).toBeChecked();

    await user.click(within(builder).getByRole('radio', { name: 'Line' }));
    await user.click(within(builder).getByRole('checkbox', { name: 'minutes' }));
    expect(within(builder).getByRole('img', { name: 'tracks, minutes by genre' })).toHaveAttribute(
      'data-chart-type',
      'line',
    );
    expect(within(builder).getByRole('button', { name: 'Star chart' })).toBeDisabled();
    await user.type(within(builder).getByLabelText('Chart title'), 'Tracks per genre');
    await user.click(within(builder).getByRole('button', { name: 'Save as chart' }));

    await waitFor(() => expect(server.requestsTo('POST', '/api/charts')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/charts')[0]?.body).toEqual({
      queryId: 'h1',
      title: 'Tracks per genre',
      config: { type: 'line', x: 'genre', y: ['tracks', 'minutes'], series: null },
    });
    await user.click(await within(builder).findByRole('button', { name: 'Star chart' }));
    expect(await within(builder).findByRole('button', { name: 'Unstar chart' })).toBeInTheDocument();
    expect(server.requestsTo('PUT', '/api/charts/c9/favorite')[0]?.body).toEqual({ is_favorite: true });
  });

  it('takes one value for a pie, and one value split by a series column', async () => {
    renderApp('/editor', server.url);
    const user = await runSomething();
    const builder = screen.getByRole('region', { name: 'Chart builder' });
    await user.click(within(builder).getByRole('radio', { name: 'Pie' }));
    expect(within(builder).getByRole('radio', { name: 'tracks' })).toBeChecked();
    expect(within(builder).getByLabelText(/Series/)).toBeDisabled();
    await user.click(within(builder).getByRole('radio', { name: 'Bar' }));
    await user.selectOptions(within(builder).getByLabelText(/Series/), 'country');
    expect(within(builder).getByRole('radio', { name: 'tracks' })).toBeChecked();
    expect(within(builder).queryByRole('radio', { name: 'country' })).toBeNull();
  });

  it('opens a stored chart (the agent’s or the user’s) in the builder and saves it in place', async () => {
    server.on('GET /api/charts/c1', {
      body: makeChart({ config: { type: 'scatter', x: 'tracks', y: ['minutes'] }, title: 'Agent chart' }),
    });
    server.on('PUT /api/charts/c1', (request) => ({ body: makeChart({ ...(request.body as object) }) }));
    const user = userEvent.setup();
    renderApp('/query/q1?chart=c1', server.url);
    const builder = await screen.findByRole('region', { name: 'Chart builder' }, { timeout: 10_000 });
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
    expect(within(builder).getByRole('radio', { name: 'Scatter' })).toHaveAttribute('aria-checked', 'true');
    expect(within(builder).getByLabelText('Chart title')).toHaveValue('Agent chart');
    await user.click(within(builder).getByRole('button', { name: 'Save chart' }));
    await waitFor(() => expect(server.requestsTo('PUT', '/api/charts/c1')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/charts')).toHaveLength(0);
  });

  it('shares a stored chart with the organisation when the server allows it, and only then', async () => {
    server.on('GET /api/charts/c1', {
      body: makeChart({ config: { type: 'bar', x: 'genre', y: ['tracks'] } }),
    });
    server.on('PUT /api/sharing/chart/c1', (request) => ({
      body: { kind: 'chart', id: 'c1', ...(request.body as object) },
    }));
    const user = userEvent.setup();
    const { unmount } = renderApp('/query/q1?chart=c1', server.url);
    const builder = await screen.findByRole('region', { name: 'Chart builder' }, { timeout: 10_000 });
    const share = within(builder).getByRole('button', { name: 'Share with my organisation' });
    expect(share).toHaveAttribute('aria-pressed', 'false');
    await user.click(share);
    const shared = await within(builder).findByRole('button', { name: 'Shared with my organisation' });
    expect(shared).toHaveAttribute('aria-pressed', 'true');
    expect(server.requestsTo('PUT', '/api/sharing/chart/c1')[0]?.body).toEqual({ shared: true });
    unmount();

    // A colleague's chart, shared with them read-only: nothing to share.
    server.on('GET /api/charts/c1', {
      body: makeChart({
        config: { type: 'bar', x: 'genre', y: ['tracks'] },
        editable: false,
        shared: true,
        abilities: abilitiesFor(),
      }),
    });
    renderApp('/query/q1?chart=c1', server.url);
    const seen = await screen.findByRole('region', { name: 'Chart builder' }, { timeout: 10_000 });
    expect(within(seen).getByRole('button', { name: 'Save as chart' })).toBeInTheDocument();
    expect(within(seen).queryByRole('button', { name: /organisation/ })).toBeNull();
  });

  it('says which columns a stored chart needs that the result no longer has', async () => {
    server.on('GET /api/charts/c1', {
      body: makeChart({ config: { type: 'bar', x: 'artist', y: ['albums'] } }),
    });
    renderApp('/query/q1?chart=c1', server.url);
    expect(
      await screen.findByText('The result has no column “artist”, “albums”', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

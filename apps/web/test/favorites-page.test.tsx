import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContextStore } from '../src/stores/context-store.ts';
import { makeDatabase, serverUser, stubSession } from './helpers/fixtures.ts';
import {
  makeFavoriteChart,
  makeFavoriteQuery,
  makeResults,
  makeSavedQuery,
} from './helpers/query-fixtures.ts';
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
  stubSession(server, { databases: [makeDatabase({ id: 'd1' })] });
  useContextStore.getState().select('database-d1');
});

describe('favourites page', () => {
  it('shows, inside an organisation, the queries colleagues shared on the database', async () => {
    server.on('GET /api/user', { body: { ...serverUser('member'), organization_id: 'acme' } });
    server.on('GET /api/favorites', { body: { queries: [], charts: [] } });
    server.on('GET /api/queries', (request) => ({
      body:
        request.query.get('shared') === 'true' && request.query.get('databaseId') === 'd1'
          ? [makeSavedQuery({ id: 'q9', title: 'Churn by month', shared: true })]
          : [],
    }));
    renderApp('/favorites', server.url);
    const section = await screen.findByRole('region', { name: 'Shared with my organisation' });
    expect(await within(section).findByRole('link', { name: 'Churn by month' })).toHaveAttribute(
      'href',
      '/query/q9',
    );
  });

  it('has no shared view outside an organisation', async () => {
    server.on('GET /api/favorites', { body: { queries: [], charts: [] } });
    renderApp('/favorites', server.url);
    await screen.findByText(/Star a query or a chart/);
    expect(screen.queryByRole('region', { name: 'Shared with my organisation' })).toBeNull();
  });

  it("shows the context's starred queries and charts as cards with previews, without running anything", async () => {
    server.on('GET /api/favorites', (request) => ({
      body:
        request.query.get('contextId') === 'database-d1'
          ? { queries: [makeFavoriteQuery()], charts: [makeFavoriteChart()] }
          : { queries: [], charts: [] },
    }));
    renderApp('/favorites', server.url);
    const query = await screen.findByRole('article', { name: 'Top artists' }, { timeout: 10_000 });
    expect(within(query).getByText('SELECT 1')).toBeInTheDocument();
    const preview = within(query).getByRole('grid', { name: 'Last result of Top artists' });
    expect(
      within(preview)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual(['AC/DC', '2', 'Accept', 'NULL']);
    expect(within(query).getByRole('link', { name: 'Open in editor' })).toHaveAttribute('href', '/query/q1');

    const chart = screen.getByRole('article', { name: 'Albums per artist' });
    expect(within(chart).getByRole('img', { name: 'Albums per artist' })).toHaveAttribute(
      'data-chart-type',
      'bar',
    );
    expect(within(chart).getByRole('link', { name: 'Open in editor' })).toHaveAttribute(
      'href',
      '/query/q1?chart=c1',
    );
    expect(server.requests.some((request) => request.path.endsWith('/run'))).toBe(false);
  });

  it('runs a query again and refreshes its preview', async () => {
    let ran = false;
    server.on('GET /api/favorites', () => ({
      body: {
        queries: [
          makeFavoriteQuery(
            ran
              ? {
                  preview: {
                    ...makeResults({ rows: [['Aerosmith', 1]] }),
                    ranAt: new Date().toISOString(),
                  },
                }
              : {},
          ),
        ],
        charts: [],
      },
    }));
    server.on('POST /api/query/q1/run', () => {
      ran = true;
      return { body: makeResults({ rows: [['Aerosmith', 1]] }) };
    });
    const user = userEvent.setup();
    renderApp('/favorites', server.url);
    const card = await screen.findByRole('article', { name: 'Top artists' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(within(card).getAllByRole('gridcell')[0]).toHaveTextContent('Aerosmith'));
    expect(server.requestsTo('POST', '/api/query/q1/run')).toHaveLength(1);
    expect(server.requestsTo('GET', '/api/favorites')).toHaveLength(2);
  });

  it('unstars a query and a chart', async () => {
    const starred = { query: true, chart: true };
    server.on('GET /api/favorites', () => ({
      body: {
        queries: starred.query ? [makeFavoriteQuery()] : [],
        charts: starred.chart ? [makeFavoriteChart()] : [],
      },
    }));
    server.on('PUT /api/query/q1/favorite', () => {
      starred.query = false;
      return { body: { id: 'q1', is_favorite: false } };
    });
    server.on('PUT /api/charts/c1/favorite', () => {
      starred.chart = false;
      return { body: { id: 'c1', is_favorite: false } };
    });
    const user = userEvent.setup();
    renderApp('/favorites', server.url);
    await user.click(await screen.findByRole('button', { name: 'Unstar Top artists' }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Top artists' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Unstar Albums per artist' }));
    expect(await screen.findByText(/Star a query or a chart/)).toBeInTheDocument();
    expect(server.requestsTo('PUT', '/api/query/q1/favorite')[0]?.body).toEqual({ is_favorite: false });
    expect(server.requestsTo('PUT', '/api/charts/c1/favorite')[0]?.body).toEqual({ is_favorite: false });
  });

  it('says when a favourite has no result to preview yet', async () => {
    server.on('GET /api/favorites', {
      body: {
        queries: [makeFavoriteQuery({ preview: null })],
        charts: [makeFavoriteChart({ preview: null })],
      },
    });
    renderApp('/favorites', server.url);
    expect(await screen.findByText('Not run yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No result to draw yet: run the query again.')).toBeInTheDocument();
  });

  it('asks for a context when none is selected', async () => {
    stubSession(server, { databases: [] });
    useContextStore.getState().select(null);
    renderApp('/favorites', server.url);
    expect(
      await screen.findByText(/Select a database or a project/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(server.requestsTo('GET', '/api/favorites')).toHaveLength(0);
  });
});

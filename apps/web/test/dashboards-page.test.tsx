import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilitiesFor, stubSession } from './helpers/fixtures.ts';
import {
  makeDashboard,
  makeDashboardSummary,
  makeQueryTile,
  makeTextTile,
  makeTileData,
} from './helpers/dashboard-fixtures.ts';
import { makeSavedQuery } from './helpers/query-fixtures.ts';
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
  stubSession(server);
});

/** The first render loads the lazy page, grid and Markdown chunks cold. */
const slow = { timeout: 5000 };

const twoTiles = makeDashboard({
  id: 'db1',
  name: 'Morning numbers',
  version: 3,
  tiles: [makeQueryTile(), makeTextTile()],
});

function stubDashboard(dashboard = twoTiles, tiles = [makeTileData()]) {
  server.on(`GET /api/dashboards/${dashboard.id}`, { body: dashboard });
  server.on(`GET /api/dashboards/${dashboard.id}/data`, {
    body: { dashboardId: dashboard.id, version: dashboard.version, tiles },
  });
}

describe('the dashboards list', () => {
  it('lists what the user may see and creates a new one, then opens it', async () => {
    server.on('GET /api/dashboards', {
      body: [
        makeDashboardSummary({ id: 'db1', name: 'Morning numbers', tileCount: 3 }),
        makeDashboardSummary({
          id: 'db2',
          name: 'Team goals',
          shared: true,
          ownerName: 'Ann Lee',
          abilities: abilitiesFor(),
        }),
      ],
    });
    server.on('POST /api/dashboards', (request) => ({
      status: 201,
      body: makeDashboard({ id: 'db9', name: (request.body as { name: string }).name }),
    }));
    stubDashboard(makeDashboard({ id: 'db9', name: 'Weekly' }), []);
    const user = userEvent.setup();
    const app = renderApp('/dashboards', server.url);
    const list = await screen.findByRole('list', { name: 'Dashboards' }, slow);
    expect(within(list).getByRole('link', { name: 'Morning numbers' })).toHaveAttribute(
      'href',
      '/dashboards/db1',
    );
    expect(within(list).getByText('3 tiles')).toBeInTheDocument();
    // A colleague's shared one names its owner and offers no delete.
    expect(within(list).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Delete Morning numbers' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Delete Team goals' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly' }, slow)).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/dashboards/db9');
    expect(server.requestsTo('POST', '/api/dashboards').map((request) => request.body)).toEqual([
      { name: 'Weekly' },
    ]);
  });

  it('deletes a dashboard after asking', async () => {
    server.on('GET /api/dashboards', { body: [makeDashboardSummary({ id: 'db1', name: 'Old' })] });
    server.on('DELETE /api/dashboards/db1', { status: 204 });
    const user = userEvent.setup();
    renderApp('/dashboards', server.url);
    await user.click(await screen.findByRole('button', { name: 'Delete Old' }, slow));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Old?' });
    server.on('GET /api/dashboards', { body: [] });
    await user.click(within(dialog).getByRole('button', { name: 'Delete dashboard' }));
    expect(await screen.findByText(/No dashboard yet/)).toBeInTheDocument();
    expect(server.count('DELETE /api/dashboards/db1')).toBe(1);
  });
});

describe('a dashboard', () => {
  it('draws each tile at its place with its data, its note in Markdown, and when it was computed', async () => {
    stubDashboard();
    renderApp('/dashboards/db1', server.url);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Morning numbers' }, slow),
    ).toBeInTheDocument();
    const query = await screen.findByRole('region', { name: 'Customers by country' });
    expect(query).toHaveAttribute('data-layout', '0,0,6,4');
    const grid = await within(query).findByRole('grid', { name: 'Customers by country' }, slow);
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual(['FR', '12', 'US', '30']);
    expect(within(query).getByText(/^Computed /)).toBeInTheDocument();
    const note = screen.getByRole('region', { name: 'Note' });
    expect(await within(note).findByRole('heading', { name: 'Read me' }, slow)).toBeInTheDocument();
  });

  it('shows under a tile the quality of the entities it reads, and links their open issues', async () => {
    stubDashboard(twoTiles, [
      makeTileData({
        entities: [
          { id: 'e1', name: 'Customer', qualityScore: 82, completeness: 95, openIssues: 2 },
          { id: 'e2', name: 'Country', qualityScore: null, completeness: null, openIssues: 0 },
        ],
      }),
    ]);
    renderApp('/dashboards/db1', server.url);
    const query = await screen.findByRole('region', { name: 'Customers by country' }, slow);
    const quality = await within(query).findByRole('list', { name: 'Data quality' }, slow);
    expect(
      within(quality)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Customer: quality 82%, 2 open issues', 'Country: quality not assessed']);
    expect(within(quality).getByRole('link', { name: '2 open issues' })).toHaveAttribute('href', '/issues');
    // A tile that reads no known entity says nothing of it.
    expect(
      within(screen.getByRole('region', { name: 'Note' })).queryByRole('list', { name: 'Data quality' }),
    ).toBeNull();
  });

  it('says "no access" on a tile whose database the viewer may not read, and shows a failure as an alert', async () => {
    stubDashboard(
      makeDashboard({
        tiles: [
          makeQueryTile(),
          makeQueryTile({ id: 't3', title: 'Broken', layout: { x: 6, y: 0, w: 6, h: 4 } }),
        ],
        abilities: abilitiesFor(),
      }),
      [
        makeTileData({ columns: [], rows: [], computedAt: null, error: 'no access' }),
        makeTileData({ tileId: 't3', columns: [], rows: [], error: 'no such table: nowhere' }),
      ],
    );
    renderApp('/dashboards/db1', server.url);
    const hidden = await screen.findByRole('region', { name: 'Customers by country' }, slow);
    expect(await within(hidden).findByText(/No access/)).toBeInTheDocument();
    expect(within(hidden).queryByRole('grid')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Broken' })).getByRole('alert')).toHaveTextContent(
      'no such table: nowhere',
    );
    // Someone else's: read-only, nothing to arrange, add, share or publish.
    expect(screen.getByText(/read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a tile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make public' })).toBeNull();
  });

  it('moves a tile from the keyboard and saves the layout at the version it was made from', async () => {
    stubDashboard();
    server.on('PUT /api/dashboards/db1', (request) => {
      const body = request.body as { version: number; layout: { tileId: string; x: number }[] };
      return {
        body: {
          ...twoTiles,
          version: body.version + 1,
          tiles: twoTiles.tiles.map((tile) => {
            const placed = body.layout.find((item) => item.tileId === tile.id);
            return placed ? { ...tile, layout: { ...tile.layout, x: placed.x } } : tile;
          }),
        },
      };
    });
    const user = userEvent.setup();
    renderApp('/dashboards/db1', server.url);
    const narrower = await screen.findByRole('button', { name: 'Narrower: Customers by country' }, slow);
    narrower.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.count('PUT /api/dashboards/db1')).toBe(1));
    expect(server.requestsTo('PUT', '/api/dashboards/db1')[0]?.body).toEqual({
      version: 3,
      layout: [
        { tileId: 't1', x: 0, y: 0, w: 5, h: 4 },
        { tileId: 't2', x: 6, y: 0, w: 6, h: 2 },
      ],
    });
  });

  it('reloads a dashboard someone changed meanwhile and says so', async () => {
    stubDashboard();
    server.on('PUT /api/dashboards/db1', {
      status: 409,
      body: {
        error: { code: 'CONFLICT', message: 'This dashboard changed since you opened it', field: 'version' },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboards/db1', server.url);
    const gets = () => server.count('GET /api/dashboards/db1');
    await user.click(await screen.findByRole('button', { name: 'Taller: Customers by country' }, slow));
    expect(await screen.findByText('Someone changed this dashboard meanwhile')).toBeInTheDocument();
    await waitFor(() => expect(gets()).toBe(2));
  });

  it('adds a note below the others', async () => {
    stubDashboard();
    server.on('GET /api/queries', { body: [makeSavedQuery({ id: 'q7', title: 'Top artists' })] });
    server.on('POST /api/dashboards/db1/tiles', {
      status: 201,
      body: {
        ...twoTiles,
        version: 4,
        tiles: [...twoTiles.tiles, makeTextTile({ id: 't9', text: 'Hello' })],
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboards/db1', server.url);
    await user.click(await screen.findByRole('button', { name: 'Add a tile' }, slow));
    const form = screen.getByRole('form', { name: 'Add a tile' });
    expect(await within(form).findByRole('option', { name: 'Top artists' })).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Note (Markdown)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Note' }), 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Add tile' }));
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Note' })).toHaveLength(2));
    expect(server.requestsTo('POST', '/api/dashboards/db1/tiles').map((request) => request.body)).toEqual([
      { text: 'Hello' },
    ]);
    // The tiles' data runs again for the new set of tiles.
    await waitFor(() => expect(server.count('GET /api/dashboards/db1/data')).toBe(2));
  });
});

describe('a dashboard’s filters', () => {
  const filtered = makeDashboard({
    id: 'db1',
    version: 5,
    tiles: [makeQueryTile()],
    filters: [
      { name: 'period', label: 'Period', kind: 'date', bindings: [{ tileId: 't1', column: 'day' }] },
      {
        name: 'country',
        label: 'Country',
        kind: 'category',
        bindings: [{ tileId: 't1', column: 'country' }],
      },
    ],
  });
  const dataQueries = () =>
    server.requestsTo('GET', '/api/dashboards/db1/data').map((request) => request.query.toString());

  it('runs the tiles with the values of the address, and a new value runs them again and stays in it', async () => {
    stubDashboard(filtered);
    server.on('GET /api/dashboards/db1/filters/country/values', {
      body: { name: 'country', values: ['FR', "O'Hara; --", 'US'], truncated: false },
    });
    const user = userEvent.setup();
    const app = renderApp('/dashboards/db1?f.period=2024-01-01..2024-01-31', server.url);
    const from = await screen.findByLabelText('From', {}, slow);
    expect(from).toHaveValue('2024-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2024-01-31');
    await waitFor(() => expect(dataQueries()).toEqual(['f.period=2024-01-01..2024-01-31']));

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2024-02-29');
    await waitFor(() => expect(dataQueries().at(-1)).toBe('f.period=2024-01-01..2024-02-29'));
    expect(app.router().state.location.search).toBe('?f.period=2024-01-01..2024-02-29');

    // Category values come from the data; a value with quotes is sent as it is, as a value.
    const country = screen.getByRole('listbox', { name: 'Country' });
    expect(await within(country).findByRole('option', { name: "O'Hara; --" })).toBeInTheDocument();
    await user.selectOptions(country, ["O'Hara; --", 'US']);
    await waitFor(() =>
      expect(new URLSearchParams(dataQueries().at(-1)).getAll('f.country')).toEqual(["O'Hara; --", 'US']),
    );
  });

  it('lets its owner add a filter bound to a tile’s column, saved with the version', async () => {
    stubDashboard(makeDashboard({ id: 'db1', version: 5, tiles: [makeQueryTile()] }), [
      makeTileData({
        columns: [
          { name: 'country', type: 'text' },
          { name: 'sold_on', type: 'date' },
        ],
      }),
    ]);
    server.on('PUT /api/dashboards/db1', (request) => ({
      body: { ...filtered, version: 6, filters: (request.body as { filters: unknown }).filters },
    }));
    const user = userEvent.setup();
    renderApp('/dashboards/db1', server.url);
    await user.click(await screen.findByRole('button', { name: 'Add a filter' }, slow));
    const form = screen.getByRole('form', { name: 'Add a filter' });
    await user.type(within(form).getByRole('textbox', { name: /Filter name/ }), 'Sold on');
    // A date filter starts bound to the column that looks like a date.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /Customers by country follows it by/ })).toHaveValue(
        'sold_on',
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Add the filter' }));
    await waitFor(() => expect(server.count('PUT /api/dashboards/db1')).toBe(1));
    expect(server.requestsTo('PUT', '/api/dashboards/db1')[0]?.body).toEqual({
      version: 5,
      filters: [
        { name: 'sold_on', label: 'Sold on', kind: 'date', bindings: [{ tileId: 't1', column: 'sold_on' }] },
      ],
    });
    expect(await screen.findByRole('region', { name: 'Filters' })).toBeInTheDocument();
  });
});

describe('public links', () => {
  const token = 'a'.repeat(43);

  it('lets the owner make a link, shown once, and revoke it', async () => {
    stubDashboard();
    let links: { id: string; createdAt: string; expiresAt: null; createdBy: string }[] = [];
    server.on('GET /api/dashboards/db1/links', () => ({ body: links }));
    server.on('POST /api/dashboards/db1/links', () => {
      links = [{ id: 'l1', createdAt: '2026-03-01T10:00:00.000Z', expiresAt: null, createdBy: 'local' }];
      return { status: 201, body: { id: 'l1', url: `http://x/public/dashboards/${token}`, expiresAt: null } };
    });
    server.on('DELETE /api/dashboards/db1/links/l1', () => {
      links = [];
      return { status: 204 };
    });
    const user = userEvent.setup();
    renderApp('/dashboards/db1', server.url);
    await user.click(await screen.findByRole('button', { name: 'Public links' }, slow));
    await user.click(screen.getByRole('button', { name: 'Make a public link' }));
    expect(await screen.findByDisplayValue(`http://x/public/dashboards/${token}`)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Links' });
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.count('DELETE /api/dashboards/db1/links/l1')).toBe(1));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Links' })).toBeNull());
  });

  it('shows a stranger the dashboard read-only, its tiles from the public route', async () => {
    server.on(`GET /api/public/dashboards/${token}`, {
      body: makeDashboard({
        id: 'db1',
        name: 'Morning numbers',
        tiles: [makeQueryTile()],
        abilities: abilitiesFor(),
      }),
    });
    server.on(`GET /api/public/dashboards/${token}/data`, {
      body: { dashboardId: 'db1', version: 1, tiles: [makeTileData()] },
    });
    renderApp(`/public/dashboards/${token}`, server.url);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Morning numbers' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText(/public link, read-only/)).toBeInTheDocument();
    expect(await screen.findByRole('gridcell', { name: 'FR' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a tile' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(server.count('GET /api/dashboards/db1/data')).toBe(0);
  });

  it('says a revoked link is gone', async () => {
    server.on(`GET /api/public/dashboards/${token}`, {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'This link does not exist, has expired or was revoked' } },
    });
    renderApp(`/public/dashboards/${token}`, server.url);
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('has expired or was revoked');
  });
});

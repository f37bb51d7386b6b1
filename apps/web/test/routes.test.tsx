import { screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTable } from '../src/router/route-table.tsx';
import { makeDashboard } from './helpers/dashboard-fixtures.ts';
import { makeDatabase, makeProject, makeSchema, personAbilitiesOf } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const localAdmin = {
  id: 'local',
  email: null,
  first_name: 'Local',
  last_name: 'Admin',
  profile_picture_url: null,
  role: 'admin',
  organization_id: null,
  abilities: personAbilitiesOf('admin'),
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.on('GET /api/user', { body: localAdmin });
  server.on('GET /api/user/credits', { body: { credits_remaining: null, unlimited: true } });
  server.on('GET /api/auth', { body: { authorization_url: null } });
  server.on('GET /api/databases', { body: [] });
  server.on('GET /api/projects', { body: [] });
  server.on('GET /api/business-entities', { body: [] });
  server.on('GET /api/databases/d1', { body: makeDatabase({ id: 'd1', name: 'Chinook' }) });
  server.on('GET /api/databases/d1/schema', { body: makeSchema({ main: [] }) });
  server.on('GET /api/projects/p1', { body: makeProject({ id: 'p1', name: 'Sales' }) });
  server.on('GET /api/dashboards', { body: [] });
  server.on('GET /api/dashboards/db1', { body: makeDashboard({ id: 'db1', name: 'Morning numbers' }) });
  server.on('GET /api/dashboards/db1/data', { body: { dashboardId: 'db1', version: 1, tiles: [] } });
  server.on('GET /api/query/q1', {
    body: { id: 'q1', title: 'Top artists', sql: 'SELECT 1', databaseId: 'd1', is_favorite: false },
  });
});

const screens: [path: string, heading: string, layout: 'empty' | 'default'][] = [
  ['/welcome', 'Welcome to Querent', 'empty'],
  ['/login', 'Sign in to Querent', 'empty'],
  ['/setup', 'Connect a database', 'empty'],
  ['/subscribe', 'Subscribe', 'empty'],
  ['/chat/new', 'New chat', 'default'],
  ['/chat/c1', 'Chat', 'default'],
  ['/editor', 'SQL editor', 'default'],
  ['/upload', 'Upload a file', 'default'],
  ['/query/q1', 'SQL editor', 'default'],
  ['/favorites', 'Favorites', 'default'],
  ['/databases', 'Databases', 'default'],
  ['/databases/new', 'Connect a database', 'empty'],
  ['/databases/d1', 'Chinook', 'default'],
  ['/dashboards', 'Dashboards', 'default'],
  ['/dashboards/db1', 'Morning numbers', 'default'],
  ['/issues', 'Issues', 'default'],
  ['/privacy', 'Privacy', 'default'],
  ['/projects', 'Projects', 'default'],
  ['/projects/new', 'New project', 'default'],
  ['/projects/p1', 'Sales', 'default'],
  ['/user', 'People', 'default'],
  ['/control', 'Business Entities', 'default'],
  ['/profile', 'Profile', 'default'],
  ['/no/such/page', 'Page not found', 'empty'],
];

describe('routes', () => {
  it.each(screens)('%s renders "%s" in the %s layout', async (path, heading, layout) => {
    renderApp(path, server.url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    if (layout === 'default') expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    else expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.getByTestId('notifications')).toBeInTheDocument();
  });

  it('gives every table route a name and a layout', () => {
    for (const route of routeTable) {
      expect(route.name, route.path).toBeTruthy();
      expect(['empty', 'default']).toContain(route.meta.layout);
    }
  });

  it('redirects / to /chat/new', async () => {
    const app = renderApp('/', server.url);
    expect(await screen.findByRole('heading', { name: 'New chat' })).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/chat/new');
  });

  it('redirects /logged to / and on to /chat/new', async () => {
    const app = renderApp('/logged', server.url);
    expect(await screen.findByRole('heading', { name: 'New chat' })).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/chat/new');
  });

  it('links home from the not-found page', async () => {
    renderApp('/missing', server.url);
    const link = await screen.findByRole('link', { name: 'Back to home' });
    expect(link).toHaveAttribute('href', '/');
  });

  it('draws nothing for a route without a name', async () => {
    const app = renderApp('/', server.url, [
      { path: '/', meta: { layout: 'default' }, Component: () => <h1>Hidden</h1> },
    ]);
    await waitFor(() => expect(app.router().state.initialized).toBe(true));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByTestId('notifications')).toBeNull();
  });

  it('shows the loading placeholder until the first route is ready', () => {
    server.on('GET /api/user', { body: localAdmin, delayMs: 200 });
    renderApp('/chat/new', server.url);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('loads the saved query before entering /query/:id', async () => {
    renderApp('/query/q1', server.url);
    expect(await screen.findByRole('heading', { name: 'SQL editor' })).toBeInTheDocument();
    // The SQL is in CodeMirror's editable content, the title in a plain input.
    expect(await screen.findByRole('textbox', { name: 'SQL' })).toHaveTextContent('SELECT 1');
    expect(screen.getByLabelText('Title')).toHaveValue('Top artists');
  });

  it("shows the server's message when the saved query cannot be loaded and opens an empty editor", async () => {
    server.on('GET /api/query/does-not-exist', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Query not found' } },
    });
    const app = renderApp('/query/does-not-exist', server.url);
    const alert = await screen.findByRole('alert');
    expect(within(screen.getByTestId('notifications')).getByRole('alert')).toBe(alert);
    expect(alert).toHaveTextContent('Query not found');
    expect(alert).toHaveAttribute('data-color', 'red');
    const sql = EditorView.findFromDOM(await screen.findByRole('textbox', { name: 'SQL' }));
    expect(sql?.state.doc.toString()).toBe('');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(app.router().state.location.pathname).toBe('/query/does-not-exist');
  });
});

describe('guards in the router', () => {
  it('sends a signed-out visitor to the authorization URL and draws nothing', async () => {
    server.on('GET /api/user', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'no session' } },
    });
    server.on('GET /api/auth', { body: { authorization_url: 'https://idp.example.com/authorize' } });
    const app = renderApp('/databases', server.url);
    await waitFor(() => expect(app.browser.assign).toHaveBeenCalledWith('https://idp.example.com/authorize'));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('falls back to /login when there is no authorization URL', async () => {
    server.on('GET /api/user', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'no session' } },
    });
    const app = renderApp('/chat/new', server.url);
    await waitFor(() => expect(app.browser.assign).toHaveBeenCalledWith('/login'));
  });

  it('lets a signed-out visitor see guest routes', async () => {
    server.on('GET /api/user', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'no session' } },
    });
    const app = renderApp('/login', server.url);
    expect(await screen.findByRole('heading', { name: 'Sign in to Querent' })).toBeInTheDocument();
    expect(app.browser.assign).not.toHaveBeenCalled();
  });

  it('refreshes the databases after the auth check and auto-selects the first one', async () => {
    server.on('GET /api/databases', {
      body: [
        { id: 'd1', name: 'Chinook', engine: 'sqlite', createdAt: '2026-01-01' },
        { id: 'd2', name: 'Shop', engine: 'postgres', createdAt: '2026-01-02' },
      ],
    });
    server.on('GET /api/projects', { body: [{ id: 'p1', name: 'Sales' }] });
    renderApp('/chat/new', server.url);
    const selector = await screen.findByTestId('context-selector');
    await waitFor(() => expect(selector).toHaveValue('database-d1'));
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Chinook', 'Shop', 'project > Sales']);
    expect(localStorage.getItem('contextSelectedId')).toBe('database-d1');
    expect(localStorage.getItem('databaseId')).toBe('d1');
  });

  it('sends an anonymous visitor without a context to /welcome', async () => {
    server.on('GET /api/user', {
      body: { ...localAdmin, role: 'anonymous', abilities: personAbilitiesOf('anonymous') },
    });
    const app = renderApp('/chat/new', server.url);
    expect(await screen.findByRole('heading', { name: 'Welcome to Querent' })).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/welcome');
  });

  it('selects the first database for an anonymous visitor at /setup', async () => {
    server.on('GET /api/user', {
      body: { ...localAdmin, role: 'anonymous', abilities: personAbilitiesOf('anonymous') },
    });
    server.on('GET /api/databases', {
      body: [{ id: 'd9', name: 'Demo', engine: 'sqlite', createdAt: '2026-01-01' }],
    });
    const app = renderApp('/setup', server.url);
    expect(await screen.findByRole('heading', { name: 'Connect a database' })).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/setup');
    expect(localStorage.getItem('contextSelectedId')).toBe('database-d9');
  });

  it('connects the socket once the user is signed in', async () => {
    const app = renderApp('/chat/new', server.url);
    await screen.findByRole('heading', { name: 'New chat' });
    // The layout connects in an effect, which may run just after the heading is found.
    await waitFor(() => expect(app.sockets[0]?.connect).toHaveBeenCalled());
  });
});

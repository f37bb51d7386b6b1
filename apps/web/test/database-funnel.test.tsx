import { type Engine, engineDescriptors, engines } from '@querent/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/api/query-keys.ts';
import { useContextStore } from '../src/stores/context-store.ts';
import { makeDatabase, personAbilitiesOf, serverUser, stubSession } from './helpers/fixtures.ts';
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
  stubSession(server, { databases: [makeDatabase({ id: 'demo', name: 'Demo shop', public: true })] });
});

async function openEngine(path: string, engine: Engine) {
  const user = userEvent.setup();
  const app = renderApp(path, server.url);
  await screen.findByRole('heading', { level: 1, name: 'Connect a database' });
  await user.click(screen.getByRole('button', { name: engineDescriptors[engine].displayName }));
  await screen.findByRole('heading', { level: 1, name: `Connect ${engineDescriptors[engine].displayName}` });
  return { user, app };
}

/** The label of each detail field, in the order the form shows them, with the value it starts with. */
const expectedFields: Record<Engine, [label: string, value: string][]> = {
  postgres: [
    ['Host', ''],
    ['Port', '5432'],
    ['User', ''],
    ['Password', ''],
    ['Database', ''],
  ],
  mysql: [
    ['Host', ''],
    ['Port', '3306'],
    ['User', ''],
    ['Password', ''],
    ['Database', ''],
  ],
  snowflake: [
    ['Account', ''],
    ['User', ''],
    ['Password', ''],
    ['Database', ''],
    ['Schema', ''],
    ['Role', ''],
    ['Warehouse', ''],
  ],
  sqlite: [['File path', '']],
  bigquery: [
    ['Project ID', ''],
    ['Service account key (JSON)', ''],
  ],
  motherduck: [
    ['Access token', ''],
    ['Database', ''],
  ],
};

describe('setup funnel', () => {
  it('offers the six engines by their display names', async () => {
    renderApp('/setup', server.url);
    await screen.findByRole('heading', { level: 1, name: 'Connect a database' });
    for (const engine of engines) {
      expect(screen.getByRole('button', { name: engineDescriptors[engine].displayName })).toBeInTheDocument();
    }
  });

  it.each(engines)('shows the fields and defaults of %s', async (engine) => {
    await openEngine('/databases/new', engine);
    const connection = screen.getByRole('region', { name: 'Connection' });
    for (const [label, value] of expectedFields[engine]) {
      const input = within(connection).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
      expect(input, label).toHaveValue(label === 'Port' ? Number(value) : value);
    }
    // Secrets are never shown in clear text.
    for (const secret of ['Password', 'Access token']) {
      const input = within(connection).queryByLabelText(new RegExp(`^${secret}`));
      if (input) expect(input).toHaveAttribute('type', 'password');
    }
    if (engine === 'bigquery') {
      expect(within(connection).getByLabelText(/^Service account key/).tagName).toBe('TEXTAREA');
    }
    if (engine === 'snowflake') {
      expect(within(connection).getByLabelText(/^Private key \(PEM\)/)).toBeInTheDocument();
      expect(within(connection).getByLabelText(/^Private key passphrase/)).toHaveAttribute(
        'type',
        'password',
      );
    }
  });

  it('goes back to the engine cards', async () => {
    const { user } = await openEngine('/setup', 'postgres');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect a database' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'MySQL' })).toBeInTheDocument();
  });

  it('tests the connection and shows success', async () => {
    server.on('POST /api/databases/test', { body: { ok: true } });
    const { user } = await openEngine('/databases/new', 'sqlite');
    await user.type(screen.getByLabelText(/^File path/), '/data/chinook.sqlite');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Connection successful.');
    const request = server.requests.find((item) => item.path === '/api/databases/test');
    expect(request?.body).toEqual({
      engine: 'sqlite',
      details: { filename: '/data/chinook.sqlite' },
      safe_mode: false,
    });
  });

  it("shows the server's message when the test fails, and marks the field it names", async () => {
    server.on('POST /api/databases/test', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'Host unreachable: could not reach db.invalid on port 5432',
          field: 'details.host',
        },
      },
    });
    const { user } = await openEngine('/databases/new', 'postgres');
    await user.type(screen.getByLabelText(/^Host/), 'db.invalid');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connection failed: Host unreachable: could not reach db.invalid on port 5432',
    );
    expect(screen.getByLabelText(/^Host/)).toHaveAccessibleDescription(
      'Host unreachable: could not reach db.invalid on port 5432',
    );
    expect(screen.getByLabelText(/^Host/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves, selects the new database as the context and opens a new chat', async () => {
    const created = makeDatabase({ id: 'd9', name: 'Warehouse', engine: 'postgres' });
    server.on('POST /api/databases', { status: 201, body: created });
    const { user, app } = await openEngine('/databases/new', 'postgres');
    await user.type(screen.getByLabelText(/^Host/), 'db.example.com');
    await user.type(screen.getByLabelText(/^User/), 'analyst');
    await user.type(screen.getByLabelText(/^Password/), ' s3cret ');
    await user.type(screen.getByLabelText(/^Database/), 'warehouse');
    await user.type(screen.getByLabelText(/^Name/), 'Warehouse');
    await user.click(screen.getByRole('switch', { name: 'Safe mode (read-only)' }));
    await user.type(screen.getByLabelText(/^Statement time limit/), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New chat' })).toBeInTheDocument();
    const request = server.requests.find((item) => item.method === 'POST' && item.path === '/api/databases');
    expect(request?.body).toEqual({
      name: 'Warehouse',
      engine: 'postgres',
      details: {
        host: 'db.example.com',
        port: 5432,
        user: 'analyst',
        password: ' s3cret ',
        database: 'warehouse',
      },
      safe_mode: true,
      public: false,
      statement_timeout_ms: 30_000,
    });
    expect(useContextStore.getState().contextSelectedId).toBe('database-d9');
    expect(localStorage.getItem('databaseId')).toBe('d9');
    expect(app.services.queryClient.getQueryData(queryKeys.databases)).toContainEqual(created);
    // The selector keeps the new database instead of falling back to the first one.
    await waitFor(() => expect(screen.getByTestId('context-selector')).toHaveValue('database-d9'));
  });

  it('shows a 400 next to the field it names', async () => {
    server.on('POST /api/databases', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'details.port must be a port number from 1 to 65535',
          field: 'details.port',
        },
      },
    });
    const { user } = await openEngine('/databases/new', 'mysql');
    const port = screen.getByLabelText(/^Port/);
    await user.clear(port);
    await user.type(port, '99999');
    await user.type(screen.getByLabelText(/^Name/), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Port/)).toHaveAccessibleDescription(
        'details.port must be a port number from 1 to 65535',
      ),
    );
    expect(screen.getByLabelText(/^Host/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Port/)).toHaveFocus();
  });

  it('asks for a name before calling the server', async () => {
    const { user } = await openEngine('/databases/new', 'sqlite');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(/Give the database a name\./);
    expect(server.count('POST /api/databases')).toBe(0);
  });

  it('offers the public switch to administrators only', async () => {
    await openEngine('/databases/new', 'sqlite');
    expect(screen.getByRole('switch', { name: 'Public' })).toBeInTheDocument();
  });

  it('reads who may make a database public from the abilities the server sends, not the role', async () => {
    stubSession(server, { role: 'member' });
    server.on('GET /api/user', {
      body: {
        ...serverUser('member'),
        abilities: { ...personAbilitiesOf('member'), publish_databases: true },
      },
    });
    await openEngine('/databases/new', 'sqlite');
    expect(screen.getByRole('switch', { name: 'Public' })).toBeInTheDocument();
  });

  it('hides the public switch from regular users and does not send the flag', async () => {
    stubSession(server, { role: 'member' });
    server.on('POST /api/databases', { status: 201, body: makeDatabase({ id: 'd2' }) });
    const { user } = await openEngine('/databases/new', 'sqlite');
    expect(screen.queryByRole('switch', { name: 'Public' })).toBeNull();
    await user.type(screen.getByLabelText(/^File path/), '/data/a.sqlite');
    await user.type(screen.getByLabelText(/^Name/), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'New chat' });
    const request = server.requests.find((item) => item.method === 'POST' && item.path === '/api/databases');
    expect(request?.body).not.toHaveProperty('public');
  });

  it('parses dbt files in the browser and names a malformed one on its field', async () => {
    server.on('POST /api/databases', { status: 201, body: makeDatabase({ id: 'd3' }) });
    const { user } = await openEngine('/databases/new', 'sqlite');
    const manifest = screen.getByLabelText(/^manifest\.json/);
    await user.upload(manifest, new File(['{"nodes": '], 'manifest.json', { type: 'application/json' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^manifest\.json/)).toHaveAccessibleDescription(
        /manifest\.json is not valid JSON/,
      ),
    );
    await user.upload(
      screen.getByLabelText(/^catalog\.json/),
      new File(['{"nodes": {}, "sources": {}}'], 'catalog.json', { type: 'application/json' }),
    );
    await screen.findByText('catalog.json will be uploaded on save.');
    await user.type(screen.getByLabelText(/^File path/), '/data/a.sqlite');
    await user.type(screen.getByLabelText(/^Name/), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'New chat' });
    const request = server.requests.find((item) => item.method === 'POST' && item.path === '/api/databases');
    expect(request?.body).toMatchObject({ dbt_catalog: { nodes: {}, sources: {} } });
    expect(request?.body).not.toHaveProperty('dbt_manifest');
  });
});

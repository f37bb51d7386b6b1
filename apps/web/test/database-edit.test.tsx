import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteDatabaseWarning } from '../src/features/databases/delete-database-section.tsx';
import { useContextStore } from '../src/stores/context-store.ts';
import {
  abilitiesFor,
  makeDatabase,
  makeProject,
  makeSchema,
  makeTable,
  stubSession,
} from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

const warehouse = makeDatabase({
  id: 'd1',
  name: 'Warehouse',
  engine: 'postgres',
  details: { host: 'db.example.com', port: 5432, user: 'analyst', password: '********', database: 'shop' },
  safe_mode: true,
  statement_timeout_ms: 45_000,
  dbt_manifest: { models: 12, columns: 140 },
});
const demo = makeDatabase({ id: 'demo', name: 'Demo shop', public: true, safe_mode: true });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, {
    databases: [warehouse, demo],
    projects: [makeProject({ id: 'p1', name: 'Sales', databaseId: 'd1' })],
  });
  server.on('GET /api/databases/d1', { body: warehouse });
  server.on('GET /api/databases/d1/schema', { body: makeSchema({ public: [makeTable('orders')] }) });
});

async function openEdit() {
  const user = userEvent.setup();
  const app = renderApp('/databases/d1', server.url);
  await screen.findByRole('heading', { level: 1, name: 'Warehouse' });
  return { user, app };
}

describe('database edit page', () => {
  it('shows the engine fixed and the stored settings', async () => {
    await openEdit();
    expect(screen.getByText(/^Engine:/)).toHaveTextContent('Engine: PostgreSQL');
    // No way to pick another engine here.
    expect(screen.queryByRole('button', { name: 'MySQL' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /engine/i })).toBeNull();
    expect(screen.getByLabelText(/^Host/)).toHaveValue('db.example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('********');
    expect(screen.getByRole('switch', { name: 'Safe mode (read-only)' })).toBeChecked();
    expect(screen.getByLabelText(/^Statement time limit/)).toHaveValue(45);
    expect(screen.getByText('Uploaded: 12 models, 140 columns described.')).toBeInTheDocument();
  });

  it('sends the masked password back untouched and never the engine', async () => {
    server.on('PUT /api/databases/d1', (request) => ({
      body: {
        ...warehouse,
        name: (request.body as { name: string }).name,
        updatedAt: '2026-02-01T00:00:00.000Z',
      },
    }));
    const { user } = await openEdit();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Warehouse EU');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { level: 1, name: 'Warehouse EU' });
    const request = server.requests.find((item) => item.method === 'PUT');
    expect(request?.body).toEqual({
      name: 'Warehouse EU',
      details: {
        host: 'db.example.com',
        port: 5432,
        user: 'analyst',
        password: '********',
        database: 'shop',
      },
      safe_mode: true,
      public: false,
      statement_timeout_ms: 45_000,
    });
    expect(request?.body).not.toHaveProperty('engine');
    expect(request?.body).not.toHaveProperty('dbt_manifest');
  });

  it('tests the connection with the database id so the stored password is used', async () => {
    server.on('POST /api/databases/test', { body: { ok: true } });
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection successful.')).toBeInTheDocument();
    expect(server.requests.find((item) => item.path === '/api/databases/test')?.body).toEqual({
      engine: 'postgres',
      details: {
        host: 'db.example.com',
        port: 5432,
        user: 'analyst',
        password: '********',
        database: 'shop',
      },
      safe_mode: true,
      databaseId: 'd1',
    });
  });

  it('shows what the login may do beyond reading, and how to connect with less', async () => {
    server.on('POST /api/databases/test', {
      body: {
        ok: true,
        credential_warning: {
          found: [
            'analyst is a superuser: it can read and write any file of the database server and run programs there',
          ],
          fix: 'Connect Querent with a role that may only read, for example:\nCREATE ROLE querent_reader LOGIN;',
        },
      },
    });
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const note = await screen.findByRole('status', { name: 'Credentials more powerful than reading needs' });
    expect(note).toHaveTextContent(
      'analyst is a superuser: it can read and write any file of the database server',
    );
    expect(note).toHaveTextContent('CREATE ROLE querent_reader LOGIN;');
  });

  it('shows the finding stored with the database on every visit, until a fresh test says otherwise', async () => {
    const powerful = makeDatabase({
      ...warehouse,
      credential_warning: {
        found: ['analyst may change the rows of 3 tables (INSERT, UPDATE, DELETE or TRUNCATE)'],
        fix: 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public FROM analyst;',
      },
    });
    // The page shows the list's copy at once and the database's own read after: both carry it.
    server.on('GET /api/databases', { body: [powerful, demo] });
    server.on('GET /api/databases/d1', { body: powerful });
    server.on('POST /api/databases/test', { body: { ok: true, credential_warning: null } });
    const { user } = await openEdit();
    // No test or save on this visit: the note is the stored one.
    const note = await screen.findByRole('status', { name: 'Credentials more powerful than reading needs' });
    expect(note).toHaveTextContent('analyst may change the rows of 3 tables');
    expect(note).toHaveTextContent('REVOKE INSERT, UPDATE, DELETE, TRUNCATE');
    expect(server.requests.some((item) => item.path === '/api/databases/test')).toBe(false);
    // The grants were revoked since: a fresh test finds nothing and the note goes.
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection successful.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Credentials more powerful than reading needs' })).toBeNull();
  });

  it('shows no note for a database whose login was found to only read', async () => {
    await openEdit();
    expect(screen.getByLabelText(/^Host/)).toHaveValue('db.example.com');
    expect(screen.queryByRole('status', { name: 'Credentials more powerful than reading needs' })).toBeNull();
  });

  it('offers an administrator the confirmation a shared database with such a login needs, and sends it', async () => {
    server.on('PUT /api/databases/d1', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'This login can do more than read (analyst is a superuser).',
          field: 'confirm_powerful_credentials',
        },
      },
    });
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const confirm = await screen.findByRole('checkbox', { name: /confirm this login may be used as it is/ });
    // Why the save was refused is said next to the confirmation, not only implied by it.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This login can do more than read (analyst is a superuser).',
    );
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const puts = server.requests.filter((item) => item.path === '/api/databases/d1' && item.method === 'PUT');
    expect(puts.at(-1)?.body).toMatchObject({ confirm_powerful_credentials: true });
  });

  it('tells whoever may not confirm such a login why the save was refused, and offers no confirmation', async () => {
    const owned = { ...warehouse, abilities: abilitiesFor('run', 'write_data', 'edit', 'delete', 'share') };
    stubSession(server, { databases: [owned] });
    server.on('GET /api/databases/d1', { body: owned });
    server.on('PUT /api/databases/d1', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message:
            'This login can do more than read (analyst is a superuser). Have an administrator confirm it.',
          field: 'confirm_powerful_credentials',
        },
      },
    });
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Have an administrator confirm it.');
    expect(screen.queryByRole('checkbox', { name: /confirm this login/ })).toBeNull();
  });

  it('offers the public switch as the database’s abilities say, whatever the role', async () => {
    // An administrator on a database the policy does not let them publish: no switch.
    const unpublishable = { ...warehouse, abilities: abilitiesFor('run', 'edit', 'delete') };
    stubSession(server, { databases: [unpublishable] });
    server.on('GET /api/databases/d1', { body: unpublishable });
    await openEdit();
    expect(screen.getByRole('switch', { name: 'Safe mode (read-only)' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Public' })).toBeNull();
  });

  it('offers a member the public switch when the database’s abilities let them publish it', async () => {
    const publishable = { ...warehouse, abilities: abilitiesFor('run', 'edit', 'publish') };
    stubSession(server, { databases: [publishable], role: 'member' });
    server.on('GET /api/databases/d1', { body: publishable });
    await openEdit();
    expect(screen.getByRole('switch', { name: 'Public' })).toBeInTheDocument();
  });

  it('removes a stored dbt file with null', async () => {
    server.on('PUT /api/databases/d1', {
      body: { ...warehouse, dbt_manifest: null, updatedAt: '2026-02-02T00:00:00.000Z' },
    });
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Remove manifest.json' }));
    expect(screen.getByText('Will be removed on save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.count('PUT /api/databases/d1')).toBe(1));
    expect(server.requests.find((item) => item.method === 'PUT')?.body).toMatchObject({ dbt_manifest: null });
  });

  it('asks before deleting, says what goes with it, then drops it from the list and the context', async () => {
    server.on('DELETE /api/databases/d1', { status: 204 });
    useContextStore.getState().select('project-p1');
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Warehouse?' });
    expect(dialog).toHaveAccessibleDescription(deleteDatabaseWarning);
    expect(deleteDatabaseWarning).toBe(
      'This deletes the database connection and its projects, conversations, saved queries, business entities and issues in Querent. The database itself is not touched.',
    );
    expect(server.count('DELETE /api/databases/d1')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete database' }));
    await screen.findByRole('heading', { level: 1, name: 'Databases' });
    const list = screen.getByRole('list', { name: 'Databases' });
    expect(within(list).queryByText('Warehouse')).toBeNull();
    expect(within(list).getByText('Demo shop')).toBeInTheDocument();
    // The project went with its database, so the context falls back to the first one left.
    expect(useContextStore.getState().contextSelectedId).toBe('database-demo');
    // Taken from the answer to DELETE, not from a new GET.
    expect(server.count('GET /api/databases')).toBe(1);
  });

  it('cancels deletion without calling the server', async () => {
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.count('DELETE /api/databases/d1')).toBe(0);
  });

  it('is read-only when the database is not editable', async () => {
    const shared = { ...demo, editable: false, abilities: abilitiesFor('run') };
    stubSession(server, { databases: [shared], role: 'member' });
    server.on('GET /api/databases/demo', { body: shared });
    server.on('GET /api/databases/demo/schema', { body: makeSchema({ '': [makeTable('customers')] }) });
    renderApp('/databases/demo', server.url);
    await screen.findByRole('heading', { level: 1, name: 'Demo shop' });
    expect(screen.getByRole('note')).toHaveTextContent('Shared with you read-only');
    expect(screen.getByLabelText(/^File path/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // What the server says the user may not do is not offered.
    expect(screen.queryByRole('button', { name: /organisation/ })).toBeNull();
    expect(await screen.findByRole('button', { name: 'customers' })).toBeInTheDocument();
  });

  it('lets the owner make an upload private again, or share it with their organisation', async () => {
    const upload = makeDatabase({
      id: 'upload',
      name: 'Sales upload',
      shared: false,
      abilities: abilitiesFor('run', 'write_data', 'edit', 'delete', 'share'),
    });
    stubSession(server, { databases: [upload], role: 'member' });
    server.on('GET /api/databases/upload', { body: upload });
    server.on('GET /api/databases/upload/schema', { body: makeSchema({ '': [makeTable('sales')] }) });
    server.on('PUT /api/sharing/database/upload', { body: { kind: 'database', id: 'upload', shared: true } });
    renderApp('/databases/upload', server.url);
    const share = await screen.findByRole('button', { name: 'Share with my organisation' });
    expect(share).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(share);
    await waitFor(() =>
      expect(server.requests.find((item) => item.path === '/api/sharing/database/upload')?.body).toEqual({
        shared: true,
      }),
    );
  });

  it('shows the schema of the database', async () => {
    await openEdit();
    expect(await screen.findByRole('button', { name: 'orders' })).toBeInTheDocument();
  });
});

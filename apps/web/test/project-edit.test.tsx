import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteProjectWarning } from '../src/features/projects/delete-project-section.tsx';
import { useContextStore } from '../src/stores/context-store.ts';
import {
  abilitiesFor,
  makeColumn,
  makeDatabase,
  makeProject,
  makeSchema,
  makeTable,
  stubSession,
} from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

const databases = [
  makeDatabase({ id: 'd1', name: 'Chinook' }),
  makeDatabase({ id: 'd2', name: 'Warehouse' }),
];
const chinookSchema = makeSchema({
  public: [makeTable('album'), makeTable('artist'), makeTable('track')],
  music: [makeTable('genre'), makeTable('playlist')],
});
const sales = makeProject({
  id: 'p1',
  name: 'Sales',
  description: 'Who buys what',
  databaseId: 'd1',
  tables: [
    { schema: 'public', table: 'album' },
    { schema: 'public', table: 'retired' },
  ],
});
/** GET /api/projects/p1/schema: only the project's tables that still exist, as the database describes them. */
const salesSchema = makeSchema({
  public: [
    makeTable('album', {
      comment: 'One row per release',
      columns: [
        makeColumn('id', { nullable: false }),
        makeColumn('title', { type: 'text', dbtDescription: 'As printed on the cover' }),
      ],
    }),
  ],
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { databases, projects: [sales] });
  server.on('GET /api/databases/d1/schema', { body: chinookSchema });
  server.on('GET /api/databases/d2/schema', { body: makeSchema({ '': [makeTable('orders')] }) });
  server.on('GET /api/projects/p1', { body: sales });
  server.on('GET /api/projects/p1/schema', { body: salesSchema });
});

describe('projects', () => {
  it('lists projects with their database', async () => {
    renderApp('/projects', server.url);
    const list = await screen.findByRole('list', { name: 'Projects' });
    const link = within(list).getByRole('link', { name: /Sales/ });
    expect(link).toHaveAttribute('href', '/projects/p1');
    await waitFor(() => expect(link).toHaveTextContent('Chinook'));
    expect(link).toHaveTextContent('2 tables');
    expect(screen.getByRole('link', { name: /New project/ })).toHaveAttribute('href', '/projects/new');
  });

  it('creates a project from picked tables, with select all in a schema and search', async () => {
    server.on('POST /api/projects', (request) => ({
      status: 201,
      body: { ...makeProject({ id: 'p2', name: 'Music' }), ...(request.body as object), warning: null },
    }));
    const user = userEvent.setup();
    renderApp('/projects/new', server.url);
    await screen.findByRole('heading', { level: 1, name: 'New project' });
    await user.type(screen.getByLabelText(/^Name/), 'Music');
    await user.type(screen.getByLabelText(/^Description/), 'Catalogue questions');
    expect(screen.getByLabelText(/^Database/)).toHaveValue('d1');

    await user.click(await screen.findByRole('checkbox', { name: /^Select all in music/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), 'TRA');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'album' })).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'track' }));
    expect(screen.getByText('3 of 5 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByRole('heading', { level: 1, name: 'Music' });
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Music',
      description: 'Catalogue questions',
      databaseId: 'd1',
      tables: [
        { schema: 'music', table: 'genre' },
        { schema: 'music', table: 'playlist' },
        { schema: 'public', table: 'track' },
      ],
    });
  });

  it('shows a tables[n] error on the table it names', async () => {
    server.on('PUT /api/projects/p1', {
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'no such table in the database', field: 'tables[1]' } },
    });
    const user = userEvent.setup();
    renderApp('/projects/p1', server.url);
    await screen.findByRole('heading', { level: 1, name: 'Sales' });
    // Saved tables the schema lacks are listed so they can be removed.
    expect(await screen.findByText('Not found in the database any more')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'public.retired: no such table in the database',
    );
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Sales',
      description: 'Who buys what',
      databaseId: 'd1',
      tables: [
        { schema: 'public', table: 'album' },
        { schema: 'public', table: 'retired' },
      ],
    });
  });

  it('clears the tables when another database is chosen', async () => {
    const user = userEvent.setup();
    renderApp('/projects/p1', server.url);
    await screen.findByRole('checkbox', { name: 'album' });
    expect(screen.getByRole('checkbox', { name: 'album' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText(/^Database/), 'd2');
    expect(await screen.findByRole('checkbox', { name: 'orders' })).not.toBeChecked();
    expect(screen.getByText('0 of 1 selected')).toBeInTheDocument();
  });

  it("shows the project's schema, searchable, with descriptions", async () => {
    const user = userEvent.setup();
    renderApp('/projects/p1', server.url);
    const browser = await screen.findByRole('region', { name: 'Schema' });
    // The project's subset, not the whole database the picker lists.
    const album = await within(browser).findByRole('button', { name: 'album' });
    expect(within(browser).getByText('1 table')).toBeInTheDocument();
    expect(within(browser).queryByRole('button', { name: 'artist' })).toBeNull();
    const row = album.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('One row per release');
    await user.click(album);
    expect(
      within(row)
        .getAllByTestId('schema-column')
        .map((column) => column.textContent),
    ).toEqual([expect.stringMatching(/^id/), expect.stringMatching(/^title.*As printed on the cover$/)]);

    await user.type(within(browser).getByRole('searchbox', { name: 'Search tables and columns' }), 'TITLE');
    await waitFor(() => expect(within(browser).getByText('1 table matches “TITLE”')).toBeInTheDocument());
    expect(within(browser).getByText('title', { selector: 'mark' })).toBeInTheDocument();
    expect(server.count('GET /api/projects/p1/schema')).toBe(1);
  });

  it('reads the schema again after a save changes the tables', async () => {
    const saved = {
      ...sales,
      tables: [
        { schema: 'public', table: 'album' },
        { schema: 'public', table: 'track' },
      ],
      updatedAt: '2026-02-01T10:00:00.000Z',
      warning: null,
    };
    server.on('PUT /api/projects/p1', { body: saved });
    const user = userEvent.setup();
    renderApp('/projects/p1', server.url);
    const browser = await screen.findByRole('region', { name: 'Schema' });
    await within(browser).findByRole('button', { name: 'album' });
    server.on('GET /api/projects/p1/schema', {
      body: makeSchema({ public: [makeTable('album'), makeTable('track')] }),
    });
    await user.click(screen.getByRole('checkbox', { name: 'track' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // The browser starts afresh for the saved project (its search and open tables go too).
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Schema' })).getByRole('button', { name: 'track' }),
      ).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('region', { name: 'Schema' })).getByText('2 tables')).toBeInTheDocument();
    expect(server.count('GET /api/projects/p1/schema')).toBe(2);
  });

  it('shows no schema for a new project', async () => {
    renderApp('/projects/new', server.url);
    await screen.findByRole('heading', { level: 1, name: 'New project' });
    await screen.findByRole('checkbox', { name: /^Select all in music/ });
    expect(screen.queryByRole('region', { name: 'Schema' })).toBeNull();
  });

  it('deletes after confirmation and falls back from it as the context', async () => {
    server.on('DELETE /api/projects/p1', { status: 204 });
    useContextStore.getState().select('project-p1');
    const user = userEvent.setup();
    renderApp('/projects/p1', server.url);
    await screen.findByRole('heading', { level: 1, name: 'Sales' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Sales?' });
    expect(dialog).toHaveAccessibleDescription(deleteProjectWarning);
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(screen.queryByRole('list', { name: 'Projects' })).toBeNull();
    expect(useContextStore.getState().contextSelectedId).toBe('database-d1');
  });

  it('shows a project shared read-only as such, with no Delete, as its abilities say', async () => {
    const shared = { ...sales, editable: false, abilities: abilitiesFor('run') };
    stubSession(server, { databases, projects: [shared] });
    server.on('GET /api/projects/p1', { body: shared });
    renderApp('/projects/p1', server.url);
    await screen.findByRole('heading', { level: 1, name: 'Sales' });
    expect(screen.getByRole('note')).toHaveTextContent('Shared with you read-only');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

import type { ManagedUser, Organizations } from '@querent/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilitiesFor, stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function person(overrides: Partial<ManagedUser>): ManagedUser {
  return {
    id: 'u1',
    email: 'alice@example.com',
    first_name: 'Alice',
    last_name: 'Liddell',
    profile_picture_url: null,
    role: 'admin',
    organization_id: null,
    organization_name: null,
    active: true,
    deactivated_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

const alice = person({});
const bob = person({
  id: 'u2',
  email: 'bob@example.com',
  first_name: 'Bob',
  last_name: 'Builder',
  role: 'member',
});
const organizations: Organizations = {
  managed_by: 'admins',
  organizations: [
    {
      id: 'o1',
      name: 'Acme',
      from_sign_in: false,
      member_count: 0,
      created_at: '2026-03-01T09:00:00.000Z',
      abilities: abilitiesFor('edit', 'delete'),
    },
  ],
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server.requests.splice(0);
  stubSession(server);
  server.on('GET /api/users', (request) => {
    const q = request.query.get('q')?.toLowerCase() ?? '';
    const users = [alice, bob].filter((user) => (user.email ?? '').includes(q));
    return { body: { users, truncated: false } };
  });
  server.on('GET /api/organizations', { body: organizations });
});

const bodiesOf = (route: string) =>
  server.requests
    .filter((request) => `${request.method} ${request.path}` === route)
    .map((request) => request.body);

describe('/user for an administrator', () => {
  it('lists people, searches them, and changes a role and an organisation', async () => {
    server.on('PUT /api/users/u2', (request) => ({ body: { ...bob, ...(request.body as object) } }));
    renderApp('/user', server.url);
    const people = await screen.findByRole('region', { name: 'People' });
    await within(people).findByText('Bob Builder');
    expect(within(people).getByText('Alice Liddell')).toBeInTheDocument();

    await userEvent.type(within(people).getByRole('searchbox', { name: 'Search people' }), 'bob');
    await waitFor(() => expect(within(people).queryByText('Alice Liddell')).toBeNull());
    expect(server.requests.some((request) => request.query.get('q') === 'bob')).toBe(true);

    await userEvent.selectOptions(
      within(people).getByRole('combobox', { name: 'Role of Bob Builder' }),
      'admin',
    );
    await waitFor(() => expect(bodiesOf('PUT /api/users/u2')).toContainEqual({ role: 'admin' }));
    const organization = within(people).getByRole('combobox', { name: 'Organisation of Bob Builder' });
    await waitFor(() => expect(organization).toBeEnabled());
    await userEvent.selectOptions(
      within(people).getByRole('combobox', { name: 'Organisation of Bob Builder' }),
      'o1',
    );
    await waitFor(() => expect(bodiesOf('PUT /api/users/u2')).toContainEqual({ organization_id: 'o1' }));
  });

  it('asks before deactivating, and shows why a change was refused', async () => {
    server.on('PUT /api/users/u2', {
      body: { ...bob, active: false, deactivated_at: '2026-03-02T09:00:00.000Z' },
    });
    server.on('PUT /api/users/u1', {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message:
            'Querent needs at least one active administrator: make someone else an administrator first',
        },
      },
    });
    renderApp('/user', server.url);
    const people = await screen.findByRole('region', { name: 'People' });
    await userEvent.click(await within(people).findByRole('button', { name: 'Deactivate Bob Builder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Bob Builder?' });
    expect(bodiesOf('PUT /api/users/u2')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(bodiesOf('PUT /api/users/u2')).toEqual([{ active: false }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const role = within(people).getByRole('combobox', { name: 'Role of Alice Liddell' });
    await waitFor(() => expect(role).toBeEnabled());

    await userEvent.selectOptions(
      within(people).getByRole('combobox', { name: 'Role of Alice Liddell' }),
      'member',
    );
    expect(await within(people).findByRole('alert')).toHaveTextContent('at least one active administrator');
  });

  it('creates and renames organisations and shows their members', async () => {
    server.on('POST /api/organizations', (request) => ({
      status: 201,
      body: { ...organizations.organizations[0], id: 'o2', name: (request.body as { name: string }).name },
    }));
    server.on('PUT /api/organizations/o1', (request) => ({
      body: { ...organizations.organizations[0], name: (request.body as { name: string }).name },
    }));
    renderApp('/user', server.url);
    const section = await screen.findByRole('region', { name: 'Organisations' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'New organisation name' }), 'Globex');
    await userEvent.click(within(section).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesOf('POST /api/organizations')).toEqual([{ name: 'Globex' }]));

    await userEvent.click(within(section).getByRole('button', { name: 'Rename Acme' }));
    const name = within(section).getByRole('textbox', { name: 'New name of Acme' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Corp');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf('PUT /api/organizations/o1')).toEqual([{ name: 'Acme Corp' }]));

    await userEvent.click(await within(section).findByRole('button', { name: 'Members of Acme' }));
    await waitFor(() =>
      expect(server.requests.some((request) => request.query.get('organization_id') === 'o1')).toBe(true),
    );
  });

  it('deletes an organisation after asking, and asks again when credits are left', async () => {
    const acme = { ...organizations.organizations[0], member_count: 2 };
    const wonderland = { ...acme, id: 'o2', name: 'Wonderland', from_sign_in: true };
    const kept = { ...acme, id: 'o3', name: 'Kept', abilities: abilitiesFor('edit') };
    server.on('GET /api/organizations', {
      body: { managed_by: 'admins', organizations: [acme, wonderland, kept] },
    });
    server.on('DELETE /api/organizations/o1', (request) =>
      request.query.get('force') === 'true'
        ? { status: 204 }
        : {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                field: 'force',
                message: '"Acme" still has 50 credits, which nobody could spend once it is deleted.',
              },
            },
          },
    );
    renderApp('/user', server.url);
    const section = await screen.findByRole('region', { name: 'Organisations' });
    await within(section).findByText('Kept');
    // The policy's abilities decide: no Delete where the server would refuse it.
    expect(within(section).queryByRole('button', { name: 'Delete Kept' })).toBeNull();

    // One the sign-in service names is said to come back.
    await userEvent.click(within(section).getByRole('button', { name: 'Delete Wonderland' }));
    const claimed = await screen.findByRole('alertdialog', { name: 'Delete Wonderland?' });
    expect(claimed).toHaveTextContent('It comes from the sign-in service: it reappears');
    await userEvent.click(within(claimed).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.click(within(section).getByRole('button', { name: 'Delete Acme' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Acme?' });
    expect(dialog).toHaveTextContent('Its 2 members stay, without an organisation');
    expect(dialog).not.toHaveTextContent('sign-in service');
    const deletes = () => server.requests.filter((request) => request.method === 'DELETE');
    expect(deletes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('still has 50 credits');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes().map((request) => `${request.path}?force=${request.query.get('force')}`)).toEqual([
      '/api/organizations/o1?force=null',
      '/api/organizations/o1?force=true',
    ]);
  });

  it('leaves membership to the sign-in service when it names organisations', async () => {
    server.on('GET /api/organizations', { body: { ...organizations, managed_by: 'sign-in' } });
    renderApp('/user', server.url);
    const section = await screen.findByRole('region', { name: 'Organisations' });
    expect(within(section).getByText(/The sign-in service says who belongs/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Create' })).toBeNull();
    const people = screen.getByRole('region', { name: 'People' });
    await waitFor(() =>
      expect(within(people).getByRole('combobox', { name: 'Organisation of Bob Builder' })).toBeDisabled(),
    );
  });
});

describe('/user for a member', () => {
  it('shows their account only, and never asks for the people list', async () => {
    stubSession(server, { role: 'member' });
    renderApp('/user', server.url);
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'People' })).toBeNull();
    expect(server.count('GET /api/users')).toBe(0);
  });
});

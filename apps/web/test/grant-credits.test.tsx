import type { Organizations } from '@querent/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilitiesFor, personAbilitiesOf, serverUser, stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const abilities = abilitiesFor('edit', 'delete');
const organizations: Organizations = {
  managed_by: 'sign-in',
  organizations: [
    {
      id: 'o1',
      name: 'Wonderland',
      from_sign_in: true,
      member_count: 2,
      created_at: '2026-03-01T09:00:00.000Z',
      abilities,
    },
    {
      id: 'o2',
      name: 'Oz',
      from_sign_in: true,
      member_count: 1,
      created_at: '2026-03-01T09:00:00.000Z',
      abilities,
    },
  ],
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server.requests.splice(0);
  stubSession(server);
  // Hosted mode: credits count, so administrators may grant them.
  server.on('GET /api/user/credits', { body: { credits_remaining: 0, unlimited: false } });
  server.on('GET /api/credits/usage', { body: { users: [], organizations: [], days: 30 } });
  server.on('GET /api/users', { body: { users: [], truncated: false } });
  server.on('GET /api/organizations', { body: organizations });
  server.on('POST /api/credits/grants', { body: { credits_remaining: 500 } });
});

const grants = () =>
  server.requests
    .filter((request) => `${request.method} ${request.path}` === 'POST /api/credits/grants')
    .map((request) => request.body);

describe('granting credits on /user', () => {
  it('grants to an organisation chosen by its name, and to a person by email', async () => {
    renderApp('/user', server.url);
    const section = await screen.findByRole('region', { name: 'Grant credits' });

    await userEvent.click(within(section).getByRole('radio', { name: 'An organisation' }));
    const organisation = within(section).getByRole('combobox', { name: /Organisation/ });
    await waitFor(() => expect(within(organisation).getByRole('option', { name: 'Oz' })).toBeInTheDocument());
    await userEvent.selectOptions(organisation, 'Oz');
    await userEvent.type(within(section).getByRole('spinbutton', { name: /Credits/ }), '500');
    await userEvent.type(within(section).getByRole('textbox', { name: /Reason/ }), 'Pilot');
    await userEvent.click(within(section).getByRole('button', { name: 'Change credits' }));
    await within(section).findByText('Done: 500 credits now.');
    expect(grants()).toEqual([{ organization_id: 'o2', amount: 500, reason: 'Pilot' }]);

    await userEvent.click(within(section).getByRole('radio', { name: 'A user, by email' }));
    const email = within(section).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('');
    await userEvent.type(email, 'bob@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Change credits' }));
    await waitFor(() => expect(grants()).toHaveLength(2));
    expect(grants()[1]).toEqual({ email: 'bob@example.com', amount: 500, reason: 'Pilot' });
  });
});

describe('credits administration follows the abilities the server sends', () => {
  it('is not offered to someone the server lets manage people but not credits', async () => {
    server.on('GET /api/user', {
      body: { ...serverUser('admin'), abilities: { ...personAbilitiesOf('admin'), manage_credits: false } },
    });
    renderApp('/user', server.url);
    expect(await screen.findByRole('region', { name: 'People' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Grant credits' })).toBeNull();
    expect(server.count('GET /api/credits/usage')).toBe(0);
  });
});

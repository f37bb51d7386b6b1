import type { ApiKey } from '@querent/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { personAbilitiesOf, serverUser, stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function key(overrides: Partial<ApiKey>): ApiKey {
  return {
    id: 'k1',
    name: 'Nightly report',
    kind: 'personal',
    prefix: 'qk_AbCd1234',
    scopes: ['metadata:read', 'sql:run'],
    organization_id: null,
    organization_name: null,
    created_at: '2026-03-01T09:00:00.000Z',
    expires_at: '2026-06-01T09:00:00.000Z',
    last_used_at: null,
    expired: false,
    ...overrides,
  };
}

const secret = 'qk_AbCd1234efgh5678ijkl9012mnop3456qrst7890uvw';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { role: 'member' });
  server.on('GET /api/user/sessions', { body: { mode: 'oidc', sessions: [] } });
  server.on('GET /api/connected-apps', { body: { mode: 'oidc', apps: [] } });
  let keys = [
    key({}),
    key({ id: 'k2', name: 'Old', expired: true, last_used_at: '2026-03-02T10:30:00.000Z' }),
  ];
  server.on('GET /api/api-keys', () => ({ body: { keys } }));
  server.on('POST /api/api-keys', (request) => {
    const body = request.body as { name: string; scopes: ApiKey['scopes']; expires_at: string | null };
    const made = key({ id: 'k3', name: body.name, scopes: body.scopes, expires_at: body.expires_at });
    keys = [made, ...keys];
    return { status: 201, body: { ...made, secret } };
  });
  server.on('DELETE /api/api-keys/k1', () => {
    keys = keys.filter((listed) => listed.id !== 'k1');
    return { status: 204 };
  });
});

describe('API keys on the profile page', () => {
  it('lists each key by the start of its secret, with its scopes, expiry and last use', async () => {
    renderApp('/profile', server.url);
    const list = await screen.findByRole('list', { name: 'API keys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Nightly report');
    expect(rows[0]).toHaveTextContent('qk_AbCd1234…');
    expect(rows[0]).toHaveTextContent('sql:run');
    expect(rows[0]).toHaveTextContent('never used');
    expect(rows[1]).toHaveTextContent('Expired');
    expect(rows[1]).toHaveTextContent('last used');
    // Members make no organisation keys, and do not ask for organisations.
    expect(screen.queryByLabelText('Acts as')).toBeNull();
    expect(server.count('GET /api/organizations')).toBe(0);
  });

  it('makes a key with its name, scopes and expiry, and shows its secret once with a copy button', async () => {
    const user = userEvent.setup();
    renderApp('/profile', server.url);
    const form = await screen.findByRole('form', { name: 'New API key' });
    await user.type(within(form).getByLabelText('Name'), 'Claude on my laptop');
    await user.click(within(form).getByRole('checkbox', { name: /^metrics:run/ }));
    await user.selectOptions(within(form).getByLabelText('Expires after'), '30');
    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Make key' }));

    const shown = await screen.findByRole('status', { name: 'New API key' });
    expect(within(shown).getByLabelText('API key secret')).toHaveTextContent(secret);
    const sent = server.requestsTo('POST', '/api/api-keys').at(-1);
    const body = sent?.body as { name: string; scopes: string[]; expires_at: string };
    expect(body.name).toBe('Claude on my laptop');
    expect(body.scopes).toEqual(['metadata:read', 'metrics:run']);
    const days = (new Date(body.expires_at).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(secret)).toBeNull();
    const list = screen.getByRole('list', { name: 'API keys' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
  });

  it('shows the server’s 400 beside the field it names', async () => {
    const user = userEvent.setup();
    server.on('POST /api/api-keys', {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'The expiry may be at most a year ahead',
          field: 'expires_at',
        },
      },
    });
    renderApp('/profile', server.url);
    const form = await screen.findByRole('form', { name: 'New API key' });
    await user.type(within(form).getByLabelText('Name'), 'Too long');
    await user.click(within(form).getByRole('button', { name: 'Make key' }));
    const expiry = within(form).getByLabelText('Expires after');
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription('The expiry may be at most a year ahead');
    expect(screen.queryByRole('status', { name: 'New API key' })).toBeNull();
  });

  it('revokes a key after asking', async () => {
    const user = userEvent.setup();
    renderApp('/profile', server.url);
    const list = await screen.findByRole('list', { name: 'API keys' });
    await user.click(within(list).getByRole('button', { name: 'Revoke Nightly report' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Nightly report”?' });
    expect(server.count('DELETE /api/api-keys/k1')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server.count('DELETE /api/api-keys/k1')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('lets an administrator make a key for an organisation', async () => {
    const user = userEvent.setup();
    server.on('GET /api/user', { body: { ...serverUser('admin'), abilities: personAbilitiesOf('admin') } });
    server.on('GET /api/organizations', {
      body: {
        managed_by: 'sign-in',
        organizations: [
          {
            id: 'org-1',
            name: 'Wonderland',
            from_sign_in: true,
            member_count: 2,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    });
    renderApp('/profile', server.url);
    const form = await screen.findByRole('form', { name: 'New API key' });
    const owner = await within(form).findByLabelText('Acts as');
    await waitFor(() => expect(within(owner).getAllByRole('option')).toHaveLength(2));
    await user.type(within(form).getByLabelText('Name'), 'Team dashboard');
    await user.selectOptions(owner, 'org-1');
    await user.click(within(form).getByRole('button', { name: 'Make key' }));
    await screen.findByRole('status', { name: 'New API key' });
    const sent = server.requestsTo('POST', '/api/api-keys').at(-1);
    expect(sent?.body).toMatchObject({ name: 'Team dashboard', organization_id: 'org-1' });
  });
});

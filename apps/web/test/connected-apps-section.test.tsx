import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const claude = {
  id: 'g1',
  client_id: 'c1',
  name: 'Claude',
  scopes: ['metadata:read', 'sql:run'],
  connected_at: '2026-03-01T09:00:00.000Z',
  expires_at: '2026-03-31T09:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server, { role: 'member' });
  server.on('GET /api/user/sessions', { body: { mode: 'oidc', sessions: [] } });
  server.on('GET /api/api-keys', { body: { keys: [] } });
  let apps = [claude];
  server.on('GET /api/connected-apps', () => ({ body: { mode: 'oidc', apps } }));
  server.on('DELETE /api/connected-apps/g1', () => {
    apps = [];
    return { status: 204 };
  });
});

describe('connected apps on the profile page', () => {
  it('lists each app with what it may do, and disconnects one after asking', async () => {
    const user = userEvent.setup();
    renderApp('/profile', server.url);
    const list = await screen.findByRole('list', { name: 'Connected apps' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Claude');
    expect(row).toHaveTextContent('sql:run');
    await user.click(within(row).getByRole('button', { name: 'Disconnect Claude' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Claude?' });
    expect(server.count('DELETE /api/connected-apps/g1')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('No app is connected.')).toBeInTheDocument();
    expect(server.count('DELETE /api/connected-apps/g1')).toBe(1);
  });

  it('shows nothing in local mode, where apps need no sign-in', async () => {
    server.on('GET /api/connected-apps', { body: { mode: 'local', apps: [] } });
    renderApp('/profile', server.url);
    await screen.findByRole('region', { name: 'API keys' });
    await waitFor(() => expect(server.count('GET /api/connected-apps')).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Connected apps' })).toBeNull();
  });
});

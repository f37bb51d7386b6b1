import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { personAbilitiesOf, stubSession } from './helpers/fixtures.ts';
import { renderApp } from './helpers/render-app.tsx';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const alice = {
  id: 'alice',
  email: 'alice@example.com',
  first_name: 'Alice',
  last_name: 'Liddell',
  profile_picture_url: 'https://images.example.com/alice.png',
  role: 'member',
  organization_id: 'org-1',
  organization_name: 'Wonderland',
  abilities: personAbilitiesOf('member'),
};

function session(id: string, current: boolean, userAgent: string | null) {
  return {
    id,
    created_at: '2026-03-01T09:00:00.000Z',
    last_seen_at: '2026-03-02T10:30:00.000Z',
    expires_at: '2026-03-09T10:30:00.000Z',
    user_agent: userAgent,
    ip: '203.0.113.7',
    current,
  };
}

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const edge =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubSession(server);
  // The API keys section has its own suite (api-keys-section.test.tsx).
  server.on('GET /api/api-keys', { body: { keys: [] } });
  server.on('GET /api/connected-apps', { body: { mode: 'local', apps: [] } });
});

describe('profile page in local mode', () => {
  it('shows the local administrator and no sessions', async () => {
    server.on('GET /api/user/sessions', { body: { mode: 'local', sessions: [] } });
    renderApp('/profile', server.url);
    const account = await screen.findByRole('region', { name: 'Account' });
    await waitFor(() => expect(within(account).getByText('Administrator')).toBeInTheDocument());
    expect(within(account).getByText('Local')).toBeInTheDocument();
    expect(within(account).getByText('None')).toBeInTheDocument();
    await waitFor(() => expect(server.count('GET /api/user/sessions')).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Sessions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});

describe('profile page in hosted mode', () => {
  beforeEach(() => {
    server.on('GET /api/user', { body: alice });
    let sessions = [session('s1', true, firefox), session('s2', false, safari), session('s3', false, edge)];
    server.on('GET /api/user/sessions', () => ({ body: { mode: 'oidc', sessions } }));
    server.on('DELETE /api/user/sessions/s2', () => {
      sessions = sessions.filter((listed) => listed.id !== 's2');
      return { status: 204 };
    });
    server.on('DELETE /api/user/sessions', () => {
      const revoked = sessions.filter((listed) => !listed.current).length;
      sessions = sessions.filter((listed) => listed.current);
      return { body: { revoked } };
    });
  });

  it('shows the account: picture, name, email, role and organisation', async () => {
    renderApp('/profile', server.url);
    const account = await screen.findByRole('region', { name: 'Account' });
    await waitFor(() => expect(within(account).getByText('Wonderland')).toBeInTheDocument());
    expect(within(account).getByText('Alice Liddell')).toBeInTheDocument();
    expect(within(account).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(account).getByText('Member')).toBeInTheDocument();
    expect(account.querySelector('img')).toHaveAttribute('src', 'https://images.example.com/alice.png');
  });

  it('lists the sessions, this browser first-class, and signs one out', async () => {
    const user = userEvent.setup();
    renderApp('/profile', server.url);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Firefox on Linux'),
      expect.stringContaining('Safari on iOS'),
      expect.stringContaining('Edge on Windows'),
    ]);
    expect(rows[0]).toHaveTextContent('This browser');
    // This browser is signed out with "Log out", not from the list.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(server.count('DELETE /api/user/sessions/s2')).toBe(1);
    expect(within(list).queryByText('Safari on iOS')).toBeNull();
  });

  it('signs out everywhere else, leaving this browser', async () => {
    const user = userEvent.setup();
    renderApp('/profile', server.url);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server.count('DELETE /api/user/sessions')).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('shows why a sign-out failed', async () => {
    const user = userEvent.setup();
    server.on('DELETE /api/user/sessions/s2', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Session not found' } },
    });
    renderApp('/profile', server.url);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await user.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
  });
});

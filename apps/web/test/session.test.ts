import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../src/api/create-api.ts';
import { createHttpClient } from '../src/lib/http-client.ts';
import { createSession } from '../src/session/session-service.ts';
import { useUserStore } from '../src/stores/user-store.ts';
import { recordingBrowser } from './helpers/fakes.ts';
import { personAbilitiesOf } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const adminUser = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
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

function setup() {
  const browser = recordingBrowser();
  const onLogout = vi.fn();
  const http = createHttpClient({
    baseUrl: server.url,
    reauthenticate: () => Promise.resolve(),
    offersCredits: () => false,
    offerCredits: () => undefined,
  });
  const session = createSession({ api: createApi(http), browser, onLogout });
  return { session, browser, onLogout };
}

const user = () => useUserStore.getState().user;

describe('session', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('GET /api/user', { body: adminUser });
    server.on('GET /api/user/credits', { body: { credits_remaining: 42 } });
    server.on('GET /api/auth', { body: { authorization_url: 'https://idp.example.com/authorize' } });
    server.on('POST /api/auth/logout', { body: { logout_url: 'https://idp.example.com/logout' } });
  });

  it('fetches the user, then the credits', async () => {
    const { session } = setup();
    const before = server.requests.length;
    await session.fetchUser();
    expect(server.requests.slice(before).map((request) => request.path)).toEqual([
      '/api/user',
      '/api/user/credits',
    ]);
    expect(user()).toMatchObject({
      id: 'u1',
      firstName: 'Ada',
      isAdmin: true,
      inOrganization: false,
      credits: 42,
      abilities: personAbilitiesOf('admin'),
    });
  });

  it('counts missing credits as 0 and keeps the unlimited flag', async () => {
    server.on('GET /api/user/credits', { body: { credits_remaining: null, unlimited: true } });
    const { session } = setup();
    await session.fetchUser();
    expect(user()).toMatchObject({ credits: 0, unlimitedCredits: true });
  });

  it('logs a credits failure and sets credits to 0', async () => {
    useUserStore.getState().setCredits(99);
    server.on('GET /api/user/credits', {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'boom' } },
    });
    const { session } = setup();
    await session.fetchUser();
    expect(user().id).toBe('u1');
    expect(user().credits).toBe(0);
    expect(console.error).toHaveBeenCalled();
  });

  it('leaves the user unchanged and only logs when the user fetch fails', async () => {
    const { session } = setup();
    await session.fetchUser();
    const known = user();
    server.on('GET /api/user', { status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } });
    await session.fetchUser();
    expect(user()).toEqual(known);
    expect(console.error).toHaveBeenCalled();
  });

  it('checkAuth is true once a user is known and false otherwise', async () => {
    const { session } = setup();
    expect(await session.checkAuth()).toBe(true);
    useUserStore.getState().reset();
    server.on('GET /api/user', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'no session' } },
    });
    expect(await session.checkAuth()).toBe(false);
  });

  it('logout resets the user and goes to the logout URL', async () => {
    const { session, browser, onLogout } = setup();
    await session.fetchUser();
    await session.logout();
    expect(user()).toMatchObject({
      id: null,
      isAdmin: false,
      credits: 0,
      role: null,
      abilities: personAbilitiesOf('nobody'),
    });
    expect(onLogout).toHaveBeenCalled();
    expect(browser.assign.mock.calls).toEqual([['https://idp.example.com/logout']]);
  });

  it('logout without a logout URL goes to the authorization URL', async () => {
    server.on('POST /api/auth/logout', { body: {} });
    const { session, browser } = setup();
    await session.logout();
    expect(browser.assign.mock.calls).toEqual([['https://idp.example.com/authorize']]);
  });

  it('a failing logout is logged and falls back to the authorization URL', async () => {
    server.on('POST /api/auth/logout', {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'nope' } },
    });
    const { session, browser } = setup();
    await session.logout();
    expect(console.error).toHaveBeenCalled();
    expect(browser.assign.mock.calls).toEqual([['https://idp.example.com/authorize']]);
  });

  it('falls back to /login when the authorization URL cannot be had', async () => {
    server.on('POST /api/auth/logout', { body: { logout_url: null } });
    server.on('GET /api/auth', { status: 500, body: { error: { code: 'INTERNAL', message: 'nope' } } });
    const { session, browser } = setup();
    await session.logout();
    expect(browser.assign.mock.calls).toEqual([['/login']]);

    server.on('GET /api/auth', { body: { authorization_url: null } });
    expect(await session.loginUrl()).toBe('/login');
  });

  it('sign-up goes to the registration page the server names, asking for it with signup=true', async () => {
    server.on('GET /api/auth', (request) => ({
      body: {
        authorization_url:
          request.query.get('signup') === 'true'
            ? 'https://idp.example.com/register'
            : 'https://idp.example.com/authorize',
      },
    }));
    const { session, browser } = setup();
    const before = server.requests.length;
    await session.signUp();
    await session.goToLogin();
    expect(browser.assign.mock.calls).toEqual([
      ['https://idp.example.com/register'],
      ['https://idp.example.com/authorize'],
    ]);
    // Signing in asks with no query at all, as it always has.
    const asked = server.requests.slice(before).filter((request) => request.path === '/api/auth');
    expect(asked.map((request) => request.query.toString())).toEqual(['signup=true', '']);
  });

  it('sign-up falls back to /login without a sign-up address', async () => {
    server.on('GET /api/auth', { body: { authorization_url: null } });
    const { session, browser } = setup();
    await session.signUp();
    expect(browser.assign.mock.calls).toEqual([['/login']]);
  });

  it('re-authentication goes to sign in, except once logging out: the logout page wins', async () => {
    const { session, browser } = setup();
    await session.reauthenticate();
    expect(browser.assign.mock.calls).toEqual([['https://idp.example.com/authorize']]);

    // A 401 answered while the logout call is under way, and one already asking where to sign in.
    server.on('POST /api/auth/logout', {
      body: { logout_url: 'https://idp.example.com/logout' },
      delayMs: 50,
    });
    server.on('GET /api/auth', {
      body: { authorization_url: 'https://idp.example.com/authorize' },
      delayMs: 20,
    });
    browser.assign.mockClear();
    const asking = session.reauthenticate();
    const leaving = session.logout();
    await session.reauthenticate();
    await Promise.all([asking, leaving]);
    expect(browser.assign.mock.calls).toEqual([['https://idp.example.com/logout']]);
  });
});

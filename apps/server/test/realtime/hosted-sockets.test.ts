import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUserDeactivated } from '../../src/modules/users/users.repo.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { AppBrowser, ClientSocket } from '../oidc/app-browser.ts';
import {
  createAppBrowser,
  hostedEnv,
  signInBrowser,
  socketClosed,
  socketConnected,
  socketRefused,
} from '../oidc/app-browser.ts';
import type { TestClock } from '../oidc/hosted-deps.ts';
import { testClient, testClock } from '../oidc/hosted-deps.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

/*
 * A socket belongs to the session it was opened with: when that session ends (sign-out, revoked
 * from the list, expired, its user deactivated) the socket is closed too, not left streaming.
 */

const day = 24 * 60 * 60 * 1000;
const sockets: ClientSocket[] = [];
let provider: TestProvider;
let running: RunningApp;

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  // The periodic check is left at its minute: what these tests see comes from the sign-outs and
  // the check before each event.
  running = await startTestApp(hostedEnv(provider.issuer));
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await running.stop();
  await provider.stop();
});

async function connectedSocket(browser: AppBrowser): Promise<ClientSocket> {
  const socket = browser.socket();
  sockets.push(socket);
  await socketConnected(socket);
  return socket;
}

async function currentSessionId(browser: AppBrowser): Promise<string> {
  const listed = (await (await browser.request('/api/user/sessions')).json()) as {
    sessions: { id: string; current: boolean }[];
  };
  return listed.sessions.find((session) => session.current)?.id ?? '';
}

describe('sockets in hosted mode', () => {
  it('are accepted with a live session cookie and refused without one', async () => {
    const anonymous = createAppBrowser(running.baseUrl).socket();
    sockets.push(anonymous);
    expect(await socketRefused(anonymous)).toBe('Unauthorized');
    const alice = await signInBrowser(running.baseUrl, 'alice');
    const socket = await connectedSocket(alice);
    expect(socket.connected).toBe(true);
  });

  it('close when their browser signs out', async () => {
    const bob = await signInBrowser(running.baseUrl, 'bob');
    const socket = await connectedSocket(bob);
    const closed = socketClosed(socket);
    expect((await bob.request('/api/auth/logout', { method: 'POST' })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('close when their session is signed out from another browser, and only theirs', async () => {
    const laptop = await signInBrowser(running.baseUrl, 'carol');
    const phone = await signInBrowser(running.baseUrl, 'carol');
    const laptopSocket = await connectedSocket(laptop);
    const phoneSocket = await connectedSocket(phone);
    const phoneClosed = socketClosed(phoneSocket);
    const phoneId = await currentSessionId(phone);
    expect((await laptop.request(`/api/user/sessions/${phoneId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await phoneClosed).toBe('io server disconnect');
    expect(laptopSocket.connected).toBe(true);
    // Reconnecting with the revoked session is refused.
    const again = phone.socket();
    sockets.push(again);
    expect(await socketRefused(again)).toBe('Unauthorized');
  });

  it('of the user’s other sessions close at “sign out everywhere else”, this one’s stay', async () => {
    const laptop = await signInBrowser(running.baseUrl, 'alice');
    const tablet = await signInBrowser(running.baseUrl, 'alice');
    const laptopSocket = await connectedSocket(laptop);
    const secondLaptopTab = await connectedSocket(laptop);
    const tabletSocket = await connectedSocket(tablet);
    const tabletClosed = socketClosed(tabletSocket);
    expect((await laptop.request('/api/user/sessions', { method: 'DELETE' })).status).toBe(200);
    expect(await tabletClosed).toBe('io server disconnect');
    expect(laptopSocket.connected && secondLaptopTab.connected).toBe(true);
  });

  it('close at their next event once their user is deactivated, the event unanswered', async () => {
    const dora = await signInBrowser(running.baseUrl, 'dora@example.com');
    const socket = await connectedSocket(dora);
    const { id } = (await (await dora.request('/api/user')).json()) as { id: string };
    await setUserDeactivated(running.built.store.db, id, new Date().toISOString());
    try {
      const heard: string[] = [];
      socket.on('error', (event) => heard.push(event.message));
      const closed = socketClosed(socket);
      socket.emit('ask', 'some-conversation', 'How many customers?');
      expect(await closed).toBe('io server disconnect');
      expect(heard).toEqual([]);
    } finally {
      await setUserDeactivated(running.built.store.db, id, null);
    }
  });
});

describe('the periodic check of open sockets', () => {
  let clock: TestClock;
  let checked: RunningApp;

  beforeAll(async () => {
    clock = testClock();
    checked = await startTestApp(hostedEnv(provider.issuer, { SESSION_IDLE_TIMEOUT_HOURS: '24' }), {
      now: clock.now,
      socketSessionCheckMs: 100,
    });
  });

  afterAll(async () => {
    await checked.stop();
  });

  it('closes a quiet socket whose user was deactivated', async () => {
    const frank = await signInBrowser(checked.baseUrl, 'frank');
    const socket = await connectedSocket(frank);
    const { id } = (await (await frank.request('/api/user')).json()) as { id: string };
    const closed = socketClosed(socket);
    await setUserDeactivated(checked.built.store.db, id, clock.now().toISOString());
    expect(await closed).toBe('io server disconnect');
  });

  it('closes a quiet socket once its session has expired', async () => {
    const erin = await signInBrowser(checked.baseUrl, 'erin');
    const socket = await connectedSocket(erin);
    const closed = socketClosed(socket);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.connected).toBe(true);
    clock.advance(day + 1);
    expect(await closed).toBe('io server disconnect');
    expect((await erin.request('/api/user')).status).toBe(401);
  });
});

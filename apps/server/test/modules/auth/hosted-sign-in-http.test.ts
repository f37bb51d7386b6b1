import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserDeactivated } from '../../../src/modules/users/users.repo.ts';
import { readJson } from '../../helpers/responses.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';
import type { AppBrowser } from '../../oidc/app-browser.ts';
import { createAppBrowser, hostedEnv } from '../../oidc/app-browser.ts';
import { testClient, testPublicUrl } from '../../oidc/hosted-deps.ts';
import { withClaims, withTamperedClaims } from '../../oidc/id-token-rewrites.ts';
import type { TestProvider } from '../../oidc/test-provider.ts';
import { startTestProvider } from '../../oidc/test-provider.ts';

/*
 * Hosted sign-in through the running app over HTTP, as a browser goes through it: GET /api/auth,
 * the provider's own login and consent pages, the callback, then the API with the session cookie.
 */

let provider: TestProvider;
let running: RunningApp;

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
  running = await startTestApp(hostedEnv(provider.issuer, { ADMIN_EMAILS: 'bob@example.com' }));
});

afterAll(async () => {
  await running.stop();
  await provider.stop();
});

const browser = (): AppBrowser => createAppBrowser(running.baseUrl);

/** The error page of a callback that could not finish: its status and the sentence it shows. */
async function errorPage(response: Response): Promise<{ status: number; message: string; html: string }> {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await response.text();
  expect(html).toContain('<h1>Sign-in failed</h1>');
  expect(html).toContain('<a class="button" href="/login">Sign in again</a>');
  return { status: response.status, message: /<p>([^<]*)<\/p>/.exec(html)?.[1] ?? '', html };
}

describe('hosted sign-in over HTTP', () => {
  it('signs a person in: sign-in cookie, provider pages, callback to /logged with a session cookie', async () => {
    const alice = browser();
    const authorizationUrl = await alice.startSignIn();
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${testPublicUrl}/api/auth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(alice.jar.get('querent_sign_in')).toBe(url.searchParams.get('state'));

    const callback = await alice.provider.signIn(authorizationUrl, 'alice');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${testPublicUrl}/api/auth/callback`);
    const landed = await alice.openCallback(callback);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/logged');
    const cookies = landed.headers.getSetCookie();
    expect(cookies).toContainEqual('querent_sign_in=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(cookies.find((line) => line.startsWith('querent_session='))).toMatch(
      /^querent_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    const me = await alice.request('/api/user');
    expect(me.status).toBe(200);
    expect(await readJson(me)).toMatchObject({
      email: 'alice@example.com',
      first_name: 'Alice',
      last_name: 'Liddell',
      profile_picture_url: 'https://images.example.com/alice.png',
      organization_name: 'Wonderland',
    });
    expect((await alice.request('/api/databases')).status).toBe(200);
  });

  it('makes the first person and the listed emails administrators, others members', async () => {
    // Alice signed in first (above); Bob is listed in ADMIN_EMAILS; Carol is neither.
    const roles: Record<string, string> = {};
    for (const login of ['alice', 'bob', 'carol']) {
      const person = browser();
      await person.signIn(login);
      roles[login] = (await readJson<{ role: string }>(await person.request('/api/user'))).role;
    }
    expect(roles).toEqual({ alice: 'admin', bob: 'admin', carol: 'member' });
  });

  it('answers 401 without a session, and a new session at each sign-in of the same browser', async () => {
    const carol = browser();
    expect((await carol.request('/api/user')).status).toBe(401);
    await carol.signIn('carol');
    const first = carol.jar.get('querent_session');
    await carol.signIn('carol');
    const second = carol.jar.get('querent_session');
    expect(second).not.toBe(first);
    // The session the browser had before signing in again is over.
    const stale = await fetch(`${running.baseUrl}/api/user`, {
      headers: { cookie: `querent_session=${first ?? ''}` },
    });
    expect(stale.status).toBe(401);
    expect((await carol.request('/api/user')).status).toBe(200);
  });

  it('refuses a callback this browser did not start, with a page that leads back to sign-in', async () => {
    const starter = browser();
    const callback = await starter.provider.signIn(await starter.startSignIn(), 'bob');
    // Another browser, holding no sign-in cookie, opens the link.
    const page = await errorPage(await browser().openCallback(callback));
    expect(page.status).toBe(400);
    expect(page.message).toBe(
      'This sign-in has expired, was already used, or was started in another browser. Please sign in again.',
    );
    // A browser that started another sign-in has the wrong state.
    const other = browser();
    await other.startSignIn();
    expect((await errorPage(await other.openCallback(callback))).status).toBe(400);
    // The browser that started it still can, once; the sign-in cookie is then gone.
    expect((await starter.openCallback(callback)).status).toBe(302);
    expect(starter.jar.get('querent_sign_in')).toBeUndefined();
    expect((await errorPage(await starter.openCallback(callback))).status).toBe(400);
  });

  it('deletes the sign-in cookie when the callback fails', async () => {
    const person = browser();
    const callback = await person.provider.signIn(await person.startSignIn(), 'bob');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'never-issued');
    const answer = await person.openCallback(forged);
    expect(answer.headers.getSetCookie()).toContainEqual(
      'querent_sign_in=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
    expect((await errorPage(answer)).status).toBe(400);
  });

  it('refuses an ID token minted for another nonce', async () => {
    const person = browser();
    const url = new URL(await person.startSignIn());
    url.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const page = await errorPage(await person.openCallback(await person.provider.signIn(url, 'bob')));
    expect(page.status).toBe(401);
    expect(page.message).toMatch(/could not be verified \(.*&quot;nonce&quot;.*\)/);
    expect((await person.request('/api/user')).status).toBe(401);
  });

  it('refuses an ID token changed in transit, and an expired one', async () => {
    const tampered = browser();
    const tamperedCallback = await tampered.provider.signIn(await tampered.startSignIn(), 'carol');
    provider.rewriteNextIdToken(withTamperedClaims({ sub: 'alice' }));
    const tamperedPage = await errorPage(await tampered.openCallback(tamperedCallback));
    expect(tamperedPage.status).toBe(401);
    expect(tamperedPage.message).toContain('signature');

    const expired = browser();
    const expiredCallback = await expired.provider.signIn(await expired.startSignIn(), 'carol');
    const past = Math.floor(Date.now() / 1000) - 3600;
    provider.rewriteNextIdToken(withClaims({ iat: past - 600, exp: past }));
    const expiredPage = await errorPage(await expired.openCallback(expiredCallback));
    expect(expiredPage.status).toBe(401);
    expect(expiredPage.message).toContain('expired');
    expect((await expired.request('/api/user')).status).toBe(401);
  });

  it('says so when the person cancels at the provider', async () => {
    const person = browser();
    const callback = await person.provider.cancel(await person.startSignIn());
    const page = await errorPage(await person.openCallback(callback));
    expect(page).toMatchObject({
      status: 401,
      message: 'Sign-in was cancelled at the sign-in service (End-User aborted interaction).',
    });
  });

  it('refuses a deactivated person at the callback and ends the sessions they had', async () => {
    const carol = browser();
    await carol.signIn('carol');
    const { id } = await readJson<{ id: string }>(await carol.request('/api/user'));
    await setUserDeactivated(running.built.store.db, id, new Date().toISOString());
    try {
      expect((await carol.request('/api/user')).status).toBe(401);
      const page = await errorPage(await browser().signIn('carol'));
      expect(page).toMatchObject({
        status: 403,
        message: 'This account has been deactivated. Ask an administrator to reactivate it.',
      });
    } finally {
      await setUserDeactivated(running.built.store.db, id, null);
    }
  });

  it('escapes what the page shows', async () => {
    const person = browser();
    const callback = await person.provider.signIn(await person.startSignIn(), 'bob');
    callback.searchParams.delete('code');
    callback.searchParams.set('error', 'access_denied');
    callback.searchParams.set('error_description', '<script>alert(1)</script>');
    const page = await errorPage(await person.openCallback(callback));
    expect(page.html).not.toContain('<script>');
    expect(page.message).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('sends a sign-up to the provider’s registration page', async () => {
    const url = new URL(await browser().startSignIn('?signup=true'));
    expect(url.searchParams.get('prompt')).toBe('create');
    const before = provider.signUpRequests;
    const newcomer = browser();
    const callback = await newcomer.provider.signIn(url, 'dora@example.com');
    // The sign-up was started by another browser: this one must start its own.
    expect((await errorPage(await newcomer.openCallback(callback))).status).toBe(400);
    const started = await newcomer.startSignIn('?signup=true');
    expect(
      (await newcomer.openCallback(await newcomer.provider.signIn(started, 'dora@example.com'))).status,
    ).toBe(302);
    expect(provider.signUpRequests).toBe(before + 2);
    expect(await readJson(await newcomer.request('/api/user'))).toMatchObject({
      email: 'dora@example.com',
      role: 'member',
    });
  });

  it('signs out here and at the provider, which sends the browser back to /login', async () => {
    const bob = browser();
    await bob.signIn('bob');
    const answer = await bob.request('/api/auth/logout', { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toContainEqual(
      'querent_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
    const { logout_url: logoutUrl } = await readJson<{ logout_url: string | null }>(answer);
    if (logoutUrl === null) throw new Error('the provider has an end-session endpoint');
    const url = new URL(logoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${testPublicUrl}/login`);
    expect((await bob.provider.signOut(url)).href).toBe(`${testPublicUrl}/login`);
    expect((await bob.request('/api/user')).status).toBe(401);
    // Signing out again, or with no session, is not an error.
    expect(await readJson(await bob.request('/api/auth/logout', { method: 'POST' }))).toEqual({
      logout_url: null,
    });
  });
});

describe('the user’s sessions over HTTP', () => {
  it('lists the browsers signed in as the user, this one marked current', async () => {
    const laptop = browser();
    const phone = browser();
    await laptop.signIn('alice');
    await phone.signIn('alice');
    const listed = await readJson<{
      mode: string;
      sessions: { id: string; current: boolean; user_agent: string | null }[];
    }>(await laptop.request('/api/user/sessions'));
    expect(listed.mode).toBe('oidc');
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(listed.sessions.length).toBeGreaterThanOrEqual(2);
    expect(listed.sessions[0]).toMatchObject({ ip: expect.any(String) as unknown });
  });

  it('signs one session out, and all but this one', async () => {
    const laptop = browser();
    const phone = browser();
    const tablet = browser();
    for (const device of [laptop, phone, tablet]) await device.signIn('carol');
    const phoneSessions = await readJson<{ sessions: { id: string; current: boolean }[] }>(
      await phone.request('/api/user/sessions'),
    );
    const phoneId = phoneSessions.sessions.find((session) => session.current)?.id ?? '';

    expect((await laptop.request(`/api/user/sessions/${phoneId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await phone.request('/api/user')).status).toBe(401);
    expect((await laptop.request(`/api/user/sessions/${phoneId}`, { method: 'DELETE' })).status).toBe(404);

    const everywhere = await laptop.request('/api/user/sessions', { method: 'DELETE' });
    expect((await readJson<{ revoked: number }>(everywhere)).revoked).toBeGreaterThanOrEqual(1);
    expect((await tablet.request('/api/user')).status).toBe(401);
    expect((await laptop.request('/api/user')).status).toBe(200);
    const left = await readJson<{ sessions: { current: boolean }[] }>(
      await laptop.request('/api/user/sessions'),
    );
    expect(left.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('does not let one user sign out another’s session', async () => {
    const alice = browser();
    const bob = browser();
    await alice.signIn('alice');
    await bob.signIn('bob');
    const bobSessions = await readJson<{ sessions: { id: string; current: boolean }[] }>(
      await bob.request('/api/user/sessions'),
    );
    const bobId = bobSessions.sessions.find((session) => session.current)?.id ?? '';
    expect((await alice.request(`/api/user/sessions/${bobId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.request('/api/user')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSignIn } from '../../src/auth/oidc/complete-sign-in.ts';
import type { HostedSignInDeps } from '../../src/auth/oidc/complete-sign-in.ts';
import { signOut } from '../../src/auth/oidc/sign-out.ts';
import { startSignIn } from '../../src/auth/oidc/start-sign-in.ts';
import { resolveSession } from '../../src/auth/sessions/resolve-session.ts';
import { setUserDeactivated } from '../../src/modules/users/users.repo.ts';
import type { Store } from '../../src/store/connect.ts';
import { migratedStores } from '../helpers/migrated-stores.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import { hostedDeps, testClient, testClock, testOidcSettings, testPublicUrl } from '../oidc/hosted-deps.ts';
import { withClaims, withTamperedClaims } from '../oidc/id-token-rewrites.ts';
import { createProviderBrowser } from '../oidc/provider-browser.ts';
import { signInAtProvider, signInThroughProvider } from '../oidc/sign-in-flow.ts';
import type { TestProvider } from '../oidc/test-provider.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

const stale = {
  code: 'BAD_REQUEST',
  status: 400,
  message:
    'This sign-in has expired, was already used, or was started in another browser. Please sign in again.',
};

let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ clients: [testClient] });
});

afterAll(async () => {
  await provider.stop();
});

for (const dialect of await migratedStores('OpenID Connect sign-in suite')) {
  describe.skipIf(!dialect.run)(`OpenID Connect sign-in on a ${dialect.name}`, () => {
    let testStore: TestStore;
    let store: Store;
    let deps: HostedSignInDeps;

    beforeAll(async () => {
      testStore = await dialect.open();
      store = testStore.store;
      deps = hostedDeps(store.db, testOidcSettings(provider.issuer));
    });

    afterAll(async () => {
      await testStore.dispose();
    });

    async function organizationName(id: string | null): Promise<string | null> {
      if (id === null) return null;
      const row = await store.db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.name ?? null;
    }

    it('signs a person in through the provider’s pages: user from the claims, first one admin, session open', async () => {
      const signedIn = await signInThroughProvider(deps, 'alice', { returnTo: '/chat/new' });
      expect(signedIn.returnTo).toBe('/chat/new');
      expect(signedIn.user).toMatchObject({
        email: 'alice@example.com',
        firstName: 'Alice',
        lastName: 'Liddell',
        profilePictureUrl: 'https://images.example.com/alice.png',
        role: 'admin',
        oidcSubject: 'alice',
        oidcIssuer: provider.issuer,
        deactivatedAt: null,
      });
      expect(await organizationName(signedIn.user.organizationId)).toBe('Wonderland');

      const resolved = await resolveSession(deps, signedIn.token);
      expect(resolved?.user.id).toBe(signedIn.user.id);
      expect(resolved?.session).toMatchObject({ userAgent: 'Vitest', ip: '127.0.0.1', revokedAt: null });
      expect(resolved?.session.idToken?.split('.')).toHaveLength(3);

      // A second person of the same organisation joins it, as a member.
      const bob = await signInThroughProvider(deps, 'bob');
      expect(bob.user).toMatchObject({ role: 'member', email: 'bob@example.com', lastName: 'Builder' });
      expect(bob.user.organizationId).toBe(signedIn.user.organizationId);
      expect(bob.returnTo).toBe('/');
    });

    it('refreshes the user from the claims at each sign-in, with a new session token each time', async () => {
      const first = await signInThroughProvider(deps, 'alice');
      const alice = provider.users.get('alice');
      if (!alice) throw new Error('alice is a test user');
      const before = { ...alice };
      Object.assign(alice, {
        email: 'alice@wonderland.example',
        family_name: 'Pleasance',
        org: 'Looking Glass',
      });
      delete alice.picture;
      try {
        const second = await signInThroughProvider(deps, 'alice');
        expect(second.user.id).toBe(first.user.id);
        expect(second.user).toMatchObject({
          email: 'alice@wonderland.example',
          lastName: 'Pleasance',
          profilePictureUrl: null,
          role: 'admin',
        });
        expect(await organizationName(second.user.organizationId)).toBe('Looking Glass');
        expect(second.token).not.toBe(first.token);
        expect((await resolveSession(deps, first.token))?.user.id).toBe(first.user.id);
        expect((await resolveSession(deps, second.token))?.user.email).toBe('alice@wonderland.example');
      } finally {
        provider.users.set('alice', before);
      }
    });

    it('makes listed emails administrators, unless the provider says the email is unverified', async () => {
      await signInThroughProvider(deps, 'alice');
      const listing = { ...deps, adminEmails: ['BOB@example.com', 'carol@example.com'] };
      expect((await signInThroughProvider(deps, 'bob')).user.role).toBe('member');
      expect((await signInThroughProvider(listing, 'bob')).user.role).toBe('admin');
      // Carol's address is listed, but unverified at the provider: anyone could have typed it.
      expect((await signInThroughProvider(listing, 'carol')).user).toMatchObject({
        role: 'member',
        email: 'carol@example.com',
        organizationId: null,
      });
      // Nobody is demoted by leaving the list.
      expect((await signInThroughProvider(deps, 'bob')).user.role).toBe('admin');
    });

    it('keeps a return path only when it stays on this site', async () => {
      for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'chat/new']) {
        expect((await signInThroughProvider(deps, 'bob', { returnTo })).returnTo).toBe('/');
      }
      expect((await signInThroughProvider(deps, 'bob', { returnTo: '/query/12?x=1' })).returnTo).toBe(
        '/query/12?x=1',
      );
    });

    it('refuses a callback whose state this browser did not start, or that was never issued', async () => {
      const callback = await signInAtProvider(deps, 'bob');
      const complete = (browserState: string | null, callbackUrl = callback.callbackUrl) =>
        completeSignIn(deps, { callbackUrl, browserState });
      await expect(complete(null)).rejects.toMatchObject(stale);
      await expect(complete('a-state-of-another-sign-in')).rejects.toMatchObject(stale);
      const forged = new URL(callback.callbackUrl);
      forged.searchParams.set('state', 'never-issued');
      await expect(complete('never-issued', forged)).rejects.toMatchObject(stale);
      // None of that used the attempt up: the browser that started it can still finish.
      expect((await complete(callback.browserState)).user.email).toBe('bob@example.com');
    });

    it('refuses a replayed callback', async () => {
      const callback = await signInAtProvider(deps, 'bob');
      const input = { callbackUrl: callback.callbackUrl, browserState: callback.browserState };
      await completeSignIn(deps, input);
      await expect(completeSignIn(deps, input)).rejects.toMatchObject(stale);
    });

    it('refuses a sign-in left at the provider for more than ten minutes', async () => {
      const clock = testClock();
      const timed = { ...deps, now: clock.now };
      const callback = await signInAtProvider(timed, 'bob');
      clock.advance(10 * 60 * 1000 + 1);
      await expect(
        completeSignIn(timed, { callbackUrl: callback.callbackUrl, browserState: callback.browserState }),
      ).rejects.toMatchObject(stale);
    });

    it('refuses an ID token minted for another nonce', async () => {
      const started = await startSignIn(deps);
      const url = new URL(started.url);
      url.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
      const callbackUrl = await createProviderBrowser().signIn(url, 'bob');
      await expect(completeSignIn(deps, { callbackUrl, browserState: started.state })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        status: 401,
        message: expect.stringMatching(/could not be verified \(.*"nonce".*\)/) as unknown,
      });
    });

    it('refuses an ID token whose claims were changed in transit', async () => {
      const callback = await signInAtProvider(deps, 'carol');
      provider.rewriteNextIdToken(withTamperedClaims({ sub: 'alice' }));
      await expect(
        completeSignIn(deps, { callbackUrl: callback.callbackUrl, browserState: callback.browserState }),
      ).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: expect.stringContaining('signature') as unknown,
      });
    });

    it('refuses an expired ID token, though properly signed', async () => {
      // Signed again unchanged, the token is accepted: the rewrite itself is sound.
      const control = await signInAtProvider(deps, 'bob');
      provider.rewriteNextIdToken(withClaims({}));
      await completeSignIn(deps, { callbackUrl: control.callbackUrl, browserState: control.browserState });

      const callback = await signInAtProvider(deps, 'bob');
      const past = Math.floor(Date.now() / 1000) - 3600;
      provider.rewriteNextIdToken(withClaims({ iat: past - 600, exp: past }));
      await expect(
        completeSignIn(deps, { callbackUrl: callback.callbackUrl, browserState: callback.browserState }),
      ).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: expect.stringContaining('expired') as unknown,
      });
    });

    it('says so when the person cancels at the provider', async () => {
      const started = await startSignIn(deps);
      const callbackUrl = await createProviderBrowser().cancel(started.url);
      await expect(completeSignIn(deps, { callbackUrl, browserState: started.state })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Sign-in was cancelled at the sign-in service (End-User aborted interaction).',
      });
    });

    it('refuses a deactivated user at sign-in and in the sessions they had', async () => {
      const bob = await signInThroughProvider(deps, 'bob');
      await setUserDeactivated(store.db, bob.user.id, new Date().toISOString());
      try {
        await expect(signInThroughProvider(deps, 'bob')).rejects.toMatchObject({
          code: 'FORBIDDEN',
          status: 403,
          message: 'This account has been deactivated. Ask an administrator to reactivate it.',
        });
        expect(await resolveSession(deps, bob.token)).toBeNull();
      } finally {
        await setUserDeactivated(store.db, bob.user.id, null);
      }
    });

    it('signs a newcomer up through the provider’s registration page', async () => {
      const started = await startSignIn(deps, { signUp: true });
      expect(new URL(started.url).searchParams.get('prompt')).toBe('create');
      const requests = provider.signUpRequests;
      const signedUp = await signInThroughProvider(deps, 'dora@example.com', { signUp: true });
      expect(provider.signUpRequests).toBe(requests + 1);
      expect(signedUp.user).toMatchObject({
        email: 'dora@example.com',
        role: 'member',
        oidcSubject: 'dora@example.com',
      });

      const ownPage = hostedDeps(
        store.db,
        testOidcSettings(provider.issuer, { signUpUrl: 'https://id.example.com/register' }),
      );
      expect(await startSignIn(ownPage, { signUp: true })).toEqual({
        url: 'https://id.example.com/register',
        state: null,
        expiresAt: null,
      });
    });

    it('signs out here and at the provider, which then sends the browser to /login', async () => {
      const signedIn = await signInThroughProvider(deps, 'bob');
      // Signed in at the provider, the browser is sent straight back, no page shown.
      expect(await signedIn.browser.page((await startSignIn(deps)).url)).toBeNull();
      const { logoutUrl } = await signOut(deps, { sessionToken: signedIn.token });
      expect(await resolveSession(deps, signedIn.token)).toBeNull();
      if (logoutUrl === null) throw new Error('The provider has an end-session endpoint');
      const url = new URL(logoutUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${testPublicUrl}/login`);
      expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
      expect((await signedIn.browser.signOut(url)).href).toBe(`${testPublicUrl}/login`);
      // The session at the provider is over too: the next sign-in shows its login form again.
      expect(await signedIn.browser.page((await startSignIn(deps)).url)).toContain('name="login"');

      expect(await signOut(deps, { sessionToken: signedIn.token })).toEqual({ logoutUrl: null });
      expect(await signOut(deps, { sessionToken: undefined })).toEqual({ logoutUrl: null });
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSignIn } from '../../src/auth/oidc/complete-sign-in.ts';
import { signOut } from '../../src/auth/oidc/sign-out.ts';
import { startSignIn } from '../../src/auth/oidc/start-sign-in.ts';
import { resolveSession } from '../../src/auth/sessions/resolve-session.ts';
import type { Store } from '../../src/store/connect.ts';
import { migratedStores } from '../helpers/migrated-stores.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import { hostedDeps, testClient, testOidcSettings } from '../oidc/hosted-deps.ts';
import { signInAtProvider, signInThroughProvider } from '../oidc/sign-in-flow.ts';
import { startTestProvider } from '../oidc/test-provider.ts';

/** A port nothing listens on any more: a provider was there a moment ago. */
async function vacatedPort(): Promise<number> {
  const provider = await startTestProvider({ clients: [testClient] });
  await provider.stop();
  return provider.port;
}

function notReachable(issuer: string) {
  return {
    code: 'SERVICE_UNAVAILABLE',
    status: 503,
    message: `The sign-in service at ${issuer} is not reachable. Try again in a moment.`,
  };
}

for (const dialect of await migratedStores('OpenID Connect provider variants suite')) {
  describe.skipIf(!dialect.run)(
    `OpenID Connect providers down or without logout, on a ${dialect.name}`,
    () => {
      let testStore: TestStore;
      let store: Store;

      beforeAll(async () => {
        testStore = await dialect.open();
        store = testStore.store;
      });

      afterAll(async () => {
        await testStore.dispose();
      });

      it('says the sign-in service is not reachable while it is down, and discovers it once it is back', async () => {
        const port = await vacatedPort();
        const issuer = `http://127.0.0.1:${port}`;
        const deps = hostedDeps(store.db, testOidcSettings(issuer));
        await expect(startSignIn(deps)).rejects.toMatchObject(notReachable(issuer));
        await expect(startSignIn(deps)).rejects.toMatchObject(notReachable(issuer));
        expect(await store.db.selectFrom('sign_in_attempts').selectAll().execute()).toEqual([]);

        const provider = await startTestProvider({ clients: [testClient], port });
        try {
          expect((await signInThroughProvider(deps, 'dan@example.com')).user.email).toBe('dan@example.com');
        } finally {
          await provider.stop();
        }
      });

      it('says the sign-in service is not reachable when it goes down during a sign-in', async () => {
        const provider = await startTestProvider({ clients: [testClient] });
        const deps = hostedDeps(store.db, testOidcSettings(provider.issuer));
        const callback = await signInAtProvider(deps, 'bob');
        await provider.stop();
        await expect(
          completeSignIn(deps, { callbackUrl: callback.callbackUrl, browserState: callback.browserState }),
        ).rejects.toMatchObject(notReachable(provider.issuer));
      });

      it('names an issuer URL that is not the provider’s own issuer', async () => {
        const provider = await startTestProvider({ clients: [testClient] });
        try {
          const wrong = `http://localhost:${provider.port}`;
          await expect(startSignIn(hostedDeps(store.db, testOidcSettings(wrong)))).rejects.toMatchObject({
            code: 'SERVICE_UNAVAILABLE',
            message: `The sign-in service at ${wrong} announces another issuer; the configured issuer URL must be exactly its own.`,
          });
        } finally {
          await provider.stop();
        }
      });

      it('signs out here only when the provider has no end-session endpoint', async () => {
        const provider = await startTestProvider({ clients: [testClient], endSession: false });
        try {
          const deps = hostedDeps(store.db, testOidcSettings(provider.issuer));
          const signedIn = await signInThroughProvider(deps, 'erin');
          expect(await signOut(deps, { sessionToken: signedIn.token })).toEqual({ logoutUrl: null });
          expect(await resolveSession(deps, signedIn.token)).toBeNull();
        } finally {
          await provider.stop();
        }
      });

      it('signs out here even when the provider cannot be reached to find its logout page', async () => {
        const provider = await startTestProvider({ clients: [testClient] });
        const deps = hostedDeps(store.db, testOidcSettings(provider.issuer));
        const signedIn = await signInThroughProvider(deps, 'frank');
        await provider.stop();
        const restarted = hostedDeps(store.db, testOidcSettings(provider.issuer));
        expect(await signOut(restarted, { sessionToken: signedIn.token })).toEqual({ logoutUrl: null });
        expect(await resolveSession(restarted, signedIn.token)).toBeNull();
      });

      it('refuses a subject already known from another issuer rather than merging two people', async () => {
        const first = await startTestProvider({ clients: [testClient] });
        const second = await startTestProvider({ clients: [testClient] });
        try {
          const grace = await signInThroughProvider(
            hostedDeps(store.db, testOidcSettings(first.issuer)),
            'grace',
          );
          await expect(
            signInThroughProvider(hostedDeps(store.db, testOidcSettings(second.issuer)), 'grace'),
          ).rejects.toMatchObject({
            code: 'CONFLICT',
            status: 409,
            message:
              "This account's identifier is already used by an account from another sign-in service. Ask an administrator for help.",
          });
          expect(
            await resolveSession(hostedDeps(store.db, testOidcSettings(first.issuer)), grace.token),
          ).not.toBeNull();
        } finally {
          await first.stop();
          await second.stop();
        }
      });

      it('refuses a client the provider does not know, as a service problem rather than the user’s', async () => {
        const provider = await startTestProvider({ clients: [testClient] });
        try {
          const deps = hostedDeps(
            store.db,
            testOidcSettings(provider.issuer, { clientSecret: 'wrong-secret' }),
          );
          const callback = await signInAtProvider(deps, 'bob');
          await expect(
            completeSignIn(deps, { callbackUrl: callback.callbackUrl, browserState: callback.browserState }),
          ).rejects.toMatchObject({
            code: 'SERVICE_UNAVAILABLE',
            message: `The sign-in service at ${provider.issuer} does not accept this server's client id and secret.`,
          });
        } finally {
          await provider.stop();
        }
      });
    },
  );
}

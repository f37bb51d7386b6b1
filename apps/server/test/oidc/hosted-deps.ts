import { moveOwnedObjects } from '../../src/modules/ownership/move-owned-objects.ts';
import { createOidcIssuer } from '../../src/auth/oidc/oidc-issuer.ts';
import type { OidcSettings } from '../../src/auth/oidc/oidc-settings.ts';
import { defaultClaimNames, oidcRedirectUris } from '../../src/auth/oidc/oidc-settings.ts';
import type { HostedSignInDeps } from '../../src/auth/oidc/complete-sign-in.ts';
import { defaultSessionPolicy } from '../../src/auth/sessions/session-policy.ts';
import type { StoreDb } from '../../src/store/connect.ts';
import type { TestClient } from './test-provider.ts';

/** The public URL the tests' Querent pretends to serve; nothing listens there, the flow never opens it. */
export const testPublicUrl = 'http://querent.test:3000';

export const testClient: TestClient = {
  clientId: 'querent',
  clientSecret: 'querent-secret',
  redirectUris: [oidcRedirectUris(testPublicUrl).redirectUri],
  postLogoutRedirectUris: [oidcRedirectUris(testPublicUrl).postLogoutRedirectUri],
};

export function testOidcSettings(issuerUrl: string, overrides: Partial<OidcSettings> = {}): OidcSettings {
  return {
    issuerUrl,
    clientId: testClient.clientId,
    clientSecret: testClient.clientSecret,
    scopes: 'openid email profile org',
    ...oidcRedirectUris(testPublicUrl),
    claims: { ...defaultClaimNames, organization: 'org' },
    signUpUrl: null,
    timeoutSeconds: 5,
    ...overrides,
  };
}

/** A clock the test moves by hand. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

/** One "instance" of the hosted sign-in: its own discovery cache, on a store it may share. */
export function hostedDeps(
  db: StoreDb,
  settings: OidcSettings,
  extra: { adminEmails?: readonly string[]; clock?: TestClock } = {},
): HostedSignInDeps {
  return {
    db,
    issuer: createOidcIssuer(settings),
    policy: defaultSessionPolicy,
    adminEmails: extra.adminEmails ?? [],
    moveOwnedObjects,
    ...(extra.clock ? { now: extra.clock.now } : {}),
  };
}

import type { Configuration } from 'openid-client';
import {
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from 'openid-client';
import type { OidcDeps } from './oidc-deps.ts';
import { signInAttemptTtlMs } from './oidc-deps.ts';
import { safeReturnPath } from './return-path.ts';
import { deleteExpiredSignInAttempts, insertSignInAttempt } from './sign-in-attempts.repo.ts';

export interface StartSignInInput {
  /** The app path to open once signed in; ignored unless it is a path on this site. */
  returnTo?: string | null;
  /** Open the provider's registration page rather than its sign-in page. */
  signUp?: boolean;
}

export interface StartedSignIn {
  /** Where the browser goes next. */
  url: string;
  /**
   * Set it in the browser too (the sign-in cookie) so the callback is accepted only there; null
   * when the browser leaves the flow for a registration page of the provider's own.
   */
  state: string | null;
  expiresAt: string | null;
}

function scopesOf(configured: string): string {
  const scopes = new Set(configured.split(/\s+/).filter(Boolean));
  scopes.add('openid');
  return [...scopes].join(' ');
}

/** Providers that implement "Initiating User Registration via OpenID Connect" announce `create`. */
function offersRegistration(configuration: Configuration): boolean {
  const prompts = configuration.serverMetadata().prompt_values_supported;
  return Array.isArray(prompts) && prompts.includes('create');
}

/**
 * Starts a sign-in with the authorization-code flow: PKCE (S256), a state and a nonce. Their
 * secrets are kept in the store rather than in a sealed cookie, keyed by the state, because a
 * stored attempt can be taken exactly once (a replayed callback finds nothing) by whichever
 * instance the callback reaches, with no key shared between instances.
 *
 * A sign-up goes to the registration page the settings name, else asks the provider for its own
 * (`prompt=create`) when it announces one, else is an ordinary sign-in, whose page usually offers
 * to register.
 */
export async function startSignIn(deps: OidcDeps, input: StartSignInInput = {}): Promise<StartedSignIn> {
  const { settings } = deps.issuer;
  if (input.signUp === true && settings.signUpUrl !== null) {
    return { url: settings.signUpUrl, state: null, expiresAt: null };
  }
  const configuration = await deps.issuer.configuration();
  const now = deps.now?.() ?? new Date();
  const codeVerifier = randomPKCECodeVerifier();
  const state = randomState();
  const nonce = randomNonce();
  const expiresAt = new Date(now.getTime() + signInAttemptTtlMs).toISOString();

  await deleteExpiredSignInAttempts(deps.db, now.toISOString());
  await insertSignInAttempt(
    deps.db,
    { state, codeVerifier, nonce, returnTo: safeReturnPath(input.returnTo), expiresAt },
    now.toISOString(),
  );
  const url = buildAuthorizationUrl(configuration, {
    redirect_uri: settings.redirectUri,
    scope: scopesOf(settings.scopes),
    response_type: 'code',
    code_challenge: await calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(input.signUp === true && offersRegistration(configuration) ? { prompt: 'create' } : {}),
  });
  return { url: url.href, state, expiresAt };
}

import type { Configuration, TokenEndpointResponse } from 'openid-client';
import { authorizationCodeGrant, fetchUserInfo } from 'openid-client';
import { AppError } from '../../errors.ts';
import type { OidcProfile } from '../../modules/users/upsert-oidc-user.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { describeProviderFailure } from './oidc-errors.ts';
import { readProfile } from './read-profile.ts';
import { takeSignInAttempt } from './sign-in-attempts.repo.ts';

export interface FinishSignInInput {
  /** The address the provider sent the browser back to; only its query is read. */
  callbackUrl: string | URL;
  /** The state the browser's sign-in cookie kept when this sign-in started. */
  browserState: string | null | undefined;
}

export interface FinishedSignIn {
  profile: OidcProfile;
  /** Kept with the session, to name it at the provider's logout. */
  idToken: string;
  /** The app path to open now, when the sign-in started with one. */
  returnTo: string | null;
}

function staleSignIn(): AppError {
  return new AppError(
    'BAD_REQUEST',
    'This sign-in has expired, was already used, or was started in another browser. Please sign in again.',
  );
}

/** Providers that release claims through userinfo rather than in the ID token are asked there too. */
async function userInfoClaims(
  configuration: Configuration,
  tokens: TokenEndpointResponse,
  subject: string,
): Promise<Record<string, unknown>> {
  if (!configuration.serverMetadata().userinfo_endpoint || !tokens.access_token) return {};
  return fetchUserInfo(configuration, tokens.access_token, subject);
}

/**
 * Finishes a sign-in at the provider's callback. The state must be the one this browser started
 * with (a link made in another browser cannot sign this one in) and still waiting in the store,
 * where taking it makes it single-use. openid-client then exchanges the code with the PKCE
 * verifier and checks the ID token: signature, issuer, audience, nonce and expiry.
 */
export async function finishSignIn(deps: OidcDeps, input: FinishSignInInput): Promise<FinishedSignIn> {
  const { settings } = deps.issuer;
  // The callback is rebuilt on the configured redirect URI, which the token request must repeat
  // exactly, whatever host or proxy the request came through.
  const callback = new URL(settings.redirectUri);
  callback.search = new URL(input.callbackUrl, settings.redirectUri).search;
  const state = callback.searchParams.get('state');
  if (!state || state !== input.browserState) throw staleSignIn();
  const attempt = await takeSignInAttempt(deps.db, state);
  const now = (deps.now?.() ?? new Date()).toISOString();
  if (!attempt || attempt.expiresAt <= now) throw staleSignIn();

  const configuration = await deps.issuer.configuration();
  try {
    const tokens = await authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const idTokenClaims = tokens.claims();
    if (!idTokenClaims || !tokens.id_token)
      throw new Error('openid-client let a response without ID token through');
    const userInfo = await userInfoClaims(configuration, tokens, idTokenClaims.sub);
    return {
      profile: readProfile(idTokenClaims.iss, { ...idTokenClaims, ...userInfo }, settings.claims),
      idToken: tokens.id_token,
      returnTo: attempt.returnTo,
    };
  } catch (error) {
    throw describeProviderFailure(error, settings.issuerUrl);
  }
}

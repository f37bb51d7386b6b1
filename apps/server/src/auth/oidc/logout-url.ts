import { buildEndSessionUrl } from 'openid-client';
import type { OidcDeps } from './oidc-deps.ts';

/**
 * Where the browser goes to end its session at the provider too (RP-initiated logout), naming
 * the session by its ID token and asking to come back to our /login; null when the provider has
 * no logout endpoint, or when the sign-in service cannot be reached to find out (signing out here
 * must not fail because of it).
 */
export async function buildLogoutUrl(
  deps: OidcDeps,
  input: { idToken: string | null },
): Promise<string | null> {
  const configuration = await deps.issuer.configuration().catch(() => null);
  if (!configuration?.serverMetadata().end_session_endpoint) return null;
  // openid-client adds our client_id, which names us when there is no ID token to name the session.
  return buildEndSessionUrl(configuration, {
    post_logout_redirect_uri: deps.issuer.settings.postLogoutRedirectUri,
    ...(input.idToken === null ? {} : { id_token_hint: input.idToken }),
  }).href;
}

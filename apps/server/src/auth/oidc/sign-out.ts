import { revokeSessionByToken } from '../sessions/revoke-sessions.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import { buildLogoutUrl } from './logout-url.ts';
import type { OidcDeps } from './oidc-deps.ts';

/**
 * Ends the browser's session here, then says where to end it at the provider too: its logout
 * page, or null (no session, or a provider without one), for which the app signs in again.
 */
export async function signOut(
  deps: OidcDeps & { policy: SessionPolicy },
  input: { sessionToken: string | null | undefined },
): Promise<{ logoutUrl: string | null }> {
  const session = await revokeSessionByToken(deps, input.sessionToken);
  if (!session) return { logoutUrl: null };
  return { logoutUrl: await buildLogoutUrl(deps, { idToken: session.idToken }) };
}

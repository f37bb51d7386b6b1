import { readAuthCookie } from '../auth-cookies.ts';
import type { Caller, Credentials } from '../resolve-user.ts';
import { resolveSession } from './resolve-session.ts';
import type { SessionDeps } from './session-policy.ts';

/**
 * The hosted mode's way of telling who is asking, for HTTP requests and socket handshakes alike:
 * the session cookie, looked up in the store. The session's id comes along, so a socket can be
 * told apart by the session it was opened with and closed when that session ends.
 */
export function createSessionUserResolver(
  deps: SessionDeps & { publicUrl: string },
): (credentials: Credentials) => Promise<Caller | null> {
  return async (credentials) => {
    const resolved = await resolveSession(
      deps,
      readAuthCookie('session', deps.publicUrl, credentials.cookies),
    );
    return resolved ? { user: resolved.user, sessionId: resolved.session.id } : null;
  };
}

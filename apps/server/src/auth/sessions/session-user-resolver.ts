import type { User } from '../../modules/users/user.ts';
import { readAuthCookie } from '../auth-cookies.ts';
import type { Credentials } from '../resolve-user.ts';
import { resolveSession } from './resolve-session.ts';
import type { SessionDeps } from './session-policy.ts';

/**
 * The hosted mode's way of telling who is asking, for HTTP requests and socket handshakes alike:
 * the session cookie, looked up in the store.
 */
export function createSessionUserResolver(
  deps: SessionDeps & { publicUrl: string },
): (credentials: Credentials) => Promise<User | null> {
  return async (credentials) => {
    const resolved = await resolveSession(
      deps,
      readAuthCookie('session', deps.publicUrl, credentials.cookies),
    );
    return resolved?.user ?? null;
  };
}

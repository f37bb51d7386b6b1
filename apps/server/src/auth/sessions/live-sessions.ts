import type { SessionDeps } from './session-policy.ts';
import { nowOf } from './session-policy.ts';
import { selectLiveSessionIds } from './sessions.repo.ts';

/**
 * The sessions among `ids` that are still in force, in one query and without counting as a use
 * (checking a connection that is merely open must not keep its session from going idle).
 */
export async function findLiveSessions(
  deps: Pick<SessionDeps, 'db' | 'now'>,
  ids: readonly string[],
): Promise<Set<string>> {
  return new Set(await selectLiveSessionIds(deps.db, ids, nowOf(deps).toISOString()));
}

/**
 * Told when sessions end (sign-out, revocation from the list of sessions), so that what hangs on
 * them ends at once too: their live sockets, on every instance.
 */
export interface SessionEnds {
  /** One session ended. */
  sessionEnded(sessionId: string): void;
  /** Every session of the user ended but `keptSessionId` (sign out everywhere else). */
  otherSessionsEnded(userId: string, keptSessionId: string | null): void;
}

import { AppError } from '../../errors.ts';
import type { SessionDeps } from './session-policy.ts';
import { nowOf } from './session-policy.ts';
import { sessionIdOf } from './session-token.ts';
import type { SessionRecord } from './sessions.repo.ts';
import { revokeSessionById, revokeUserSessions } from './sessions.repo.ts';

/** Signs one of the user's own sessions out (from their list of sessions). */
export async function revokeSession(
  deps: SessionDeps,
  input: { userId: string; sessionId: string },
): Promise<void> {
  const at = nowOf(deps).toISOString();
  const revoked = await revokeSessionById(deps.db, input.sessionId, { userId: input.userId, at });
  // Another user's session is "not found" too, so ids cannot be probed.
  if (!revoked) throw new AppError('NOT_FOUND', 'Session not found');
}

/** Signs out the browser holding this token (logout); the session as it was, or null if it was not live. */
export async function revokeSessionByToken(
  deps: SessionDeps,
  token: string | null | undefined,
): Promise<SessionRecord | null> {
  if (!token) return null;
  return revokeSessionById(deps.db, sessionIdOf(token), { at: nowOf(deps).toISOString() });
}

/** Signs a user out everywhere, or everywhere but the session they are using; answers how many. */
export function revokeAllSessions(
  deps: SessionDeps,
  input: { userId: string; exceptSessionId?: string },
): Promise<number> {
  return revokeUserSessions(deps.db, input.userId, {
    at: nowOf(deps).toISOString(),
    exceptId: input.exceptSessionId,
  });
}

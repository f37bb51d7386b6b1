import { findUser } from '../../modules/users/find-user.ts';
import type { User } from '../../modules/users/user.ts';
import type { SessionDeps } from './session-policy.ts';
import { lastSeenIntervalMs, nowOf } from './session-policy.ts';
import { sessionIdOf } from './session-token.ts';
import type { SessionRecord } from './sessions.repo.ts';
import { findSession, touchSession } from './sessions.repo.ts';

export interface ResolvedSession {
  user: User;
  session: SessionRecord;
}

function isLive(session: SessionRecord, now: string): boolean {
  return session.revokedAt === null && session.idleExpiresAt > now && session.expiresAt > now;
}

/**
 * The signed-in user behind a session token, or null: unknown, revoked, idle too long, past its
 * absolute end, or its user deactivated. A use pushes the idle expiry back (never past the
 * absolute end), written at most once a minute.
 */
export async function resolveSession(
  deps: SessionDeps,
  token: string | null | undefined,
): Promise<ResolvedSession | null> {
  if (!token) return null;
  const session = await findSession(deps.db, sessionIdOf(token));
  const now = nowOf(deps);
  const nowIso = now.toISOString();
  if (!session || !isLive(session, nowIso)) return null;
  const user = await findUser(deps.db, session.userId);
  if (!user || user.deactivatedAt !== null) return null;

  const seenBefore = new Date(now.getTime() - lastSeenIntervalMs).toISOString();
  if (session.lastSeenAt >= seenBefore) return { user, session };
  const idle = new Date(now.getTime() + deps.policy.idleTimeoutMs).toISOString();
  const touched = { lastSeenAt: nowIso, idleExpiresAt: idle < session.expiresAt ? idle : session.expiresAt };
  await touchSession(deps.db, session.id, { ...touched, seenBefore });
  return { user, session: { ...session, ...touched } };
}

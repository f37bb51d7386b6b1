import type { SessionDeps } from './session-policy.ts';
import { nowOf } from './session-policy.ts';
import { listLiveSessions } from './sessions.repo.ts';

/** One line of the user's list of signed-in browsers. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** When it ends if unused: the earlier of its idle and absolute expiries. */
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
  /** The session making this request. */
  current: boolean;
}

export async function listSessions(
  deps: SessionDeps,
  input: { userId: string; currentSessionId?: string | null },
): Promise<SessionSummary[]> {
  const sessions = await listLiveSessions(deps.db, input.userId, nowOf(deps).toISOString());
  return sessions.map((session) => ({
    id: session.id,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.idleExpiresAt < session.expiresAt ? session.idleExpiresAt : session.expiresAt,
    userAgent: session.userAgent,
    ip: session.ip,
    current: session.id === input.currentSessionId,
  }));
}

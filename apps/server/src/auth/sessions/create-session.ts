import type { SessionDeps } from './session-policy.ts';
import { nowOf } from './session-policy.ts';
import { newSessionToken, sessionIdOf } from './session-token.ts';
import type { SessionRecord } from './sessions.repo.ts';
import { deleteEndedSessions, insertSession } from './sessions.repo.ts';

export interface CreateSessionInput {
  userId: string;
  idToken?: string | null;
  userAgent?: string | null;
  ip?: string | null;
}

export interface CreatedSession {
  /** For the cookie only: the store keeps its hash. */
  token: string;
  session: SessionRecord;
  /** How long the browser should keep the cookie: until the session's absolute end. */
  maxAgeSeconds: number;
}

const userAgentLimit = 512;

/**
 * A new session at each sign-in, with a token never seen before: a token planted in the browser
 * before sign-in (session fixation) is never promoted to a signed-in one. The user's sessions that
 * are over are cleared on the way, which keeps the table small with no cleanup job.
 */
export async function createSession(deps: SessionDeps, input: CreateSessionInput): Promise<CreatedSession> {
  const now = nowOf(deps);
  const token = newSessionToken();
  const session: SessionRecord = {
    id: sessionIdOf(token),
    userId: input.userId,
    idToken: input.idToken ?? null,
    userAgent: input.userAgent?.slice(0, userAgentLimit) ?? null,
    ip: input.ip ?? null,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    idleExpiresAt: new Date(
      now.getTime() + Math.min(deps.policy.idleTimeoutMs, deps.policy.absoluteTimeoutMs),
    ).toISOString(),
    expiresAt: new Date(now.getTime() + deps.policy.absoluteTimeoutMs).toISOString(),
    revokedAt: null,
  };
  await deleteEndedSessions(deps.db, input.userId, session.createdAt);
  await insertSession(deps.db, session);
  return { token, session, maxAgeSeconds: Math.floor(deps.policy.absoluteTimeoutMs / 1000) };
}

import type { UserSession } from '@querent/contracts';
import type { SessionSummary } from '../../auth/sessions/list-sessions.ts';

/** One line of GET /api/user/sessions. */
export function presentSession(session: SessionSummary): UserSession {
  return {
    id: session.id,
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    expires_at: session.expiresAt,
    user_agent: session.userAgent,
    ip: session.ip,
    current: session.current,
  };
}

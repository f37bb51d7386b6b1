import type { sessionRoutes } from '@querent/contracts';
import { listSessions } from '../../auth/sessions/list-sessions.ts';
import type { SessionEnds } from '../../auth/sessions/live-sessions.ts';
import { revokeAllSessions, revokeSession } from '../../auth/sessions/revoke-sessions.ts';
import type { SessionDeps } from '../../auth/sessions/session-policy.ts';
import { AppError } from '../../errors.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { presentSession } from './present-session.ts';

/**
 * The user's own signed-in sessions, for the profile page: listed, signed out one by one or all
 * but this one. Local mode has no sign-in, so nothing to list or end (`sessions` is null there).
 * An ended session's live sockets close at once.
 */
export function sessionHandlers(deps: {
  sessions: SessionDeps | null;
  sessionEnds: SessionEnds;
}): RouteHandlers<typeof sessionRoutes> {
  const { sessions, sessionEnds } = deps;
  return {
    'GET /api/user/sessions': async ({ user, request }) => {
      if (sessions === null) return { mode: 'local' as const, sessions: [] };
      const listed = await listSessions(sessions, { userId: user.id, currentSessionId: request.sessionId });
      return { mode: 'oidc' as const, sessions: listed.map(presentSession) };
    },
    'DELETE /api/user/sessions/:id': async ({ user, params }) => {
      if (sessions === null) throw new AppError('NOT_FOUND', 'Session not found');
      await revokeSession(sessions, { userId: user.id, sessionId: params.id });
      sessionEnds.sessionEnded(params.id);
    },
    'DELETE /api/user/sessions': async ({ user, request }) => {
      if (sessions === null) return { revoked: 0 };
      const kept = request.sessionId;
      const revoked = await revokeAllSessions(sessions, {
        userId: user.id,
        ...(kept === null ? {} : { exceptSessionId: kept }),
      });
      sessionEnds.otherSessionsEnded(user.id, kept);
      return { revoked };
    },
  };
}

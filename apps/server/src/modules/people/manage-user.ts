import { revokeAllSessions } from '../../auth/sessions/revoke-sessions.ts';
import type { UserChangeInput } from '../users/change-user.ts';
import { changeUser } from '../users/change-user.ts';
import type { User } from '../users/user.ts';
import type { PeopleDeps } from './people-deps.ts';

/**
 * An administrator's change to a person. Deactivation ends every session of theirs at once, and
 * their open pages lose their live connections now rather than at the next periodic check.
 */
export async function manageUser(deps: PeopleDeps, input: UserChangeInput): Promise<User> {
  const changed = await changeUser(deps, input);
  if (input.active === false) {
    if (deps.sessions !== null) await revokeAllSessions(deps.sessions, { userId: changed.id });
    deps.sessionEnds.otherSessionsEnded(changed.id, null);
  }
  return changed;
}

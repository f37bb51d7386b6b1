import type { SessionEnds } from '../../auth/sessions/live-sessions.ts';
import type { SessionDeps } from '../../auth/sessions/session-policy.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { MoveOwnedObjects } from '../users/move-to-organization.ts';

export interface PeopleDeps {
  db: StoreDb;
  /** Hosted mode's sessions, ended when someone is deactivated; null in local mode (no sign-in). */
  sessions: SessionDeps | null;
  /** Told when sessions end, so their live sockets close on every instance. */
  sessionEnds: SessionEnds;
  /** True when the sign-in service's organisation claim decides membership. */
  organizationsFromSignIn: boolean;
  /** Moves what a person owns along when they change organisation. */
  moveOwnedObjects: MoveOwnedObjects;
}

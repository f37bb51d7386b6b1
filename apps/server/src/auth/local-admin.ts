import { ensureUserWithId } from '../modules/users/ensure-user-with-id.ts';
import type { User } from '../modules/users/user.ts';
import type { StoreDb } from '../store/connect.ts';

/** Fixed so that every instance and every restart agree on who owns local data. */
export const LOCAL_ADMIN_ID = 'local-admin';

/** Local mode has one user, the administrator, created on boot if missing. */
export function ensureLocalAdmin(db: StoreDb): Promise<User> {
  return ensureUserWithId(db, {
    id: LOCAL_ADMIN_ID,
    email: 'admin@localhost',
    firstName: 'Local',
    lastName: 'Administrator',
    profilePictureUrl: null,
    role: 'admin',
    organizationId: null,
  });
}

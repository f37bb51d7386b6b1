import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import type { NewUser } from './users.repo.ts';
import { ensureUser } from './users.repo.ts';

/** A user whose id is fixed in advance (the local administrator): created once, then found. */
export function ensureUserWithId(db: StoreDb, input: NewUser & { id: string }): Promise<User> {
  return ensureUser(db, input);
}

import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import { findUserById } from './users.repo.ts';

/** The user with this id, deactivated or not; null when there is none. */
export function findUser(db: StoreDb, id: string): Promise<User | null> {
  return findUserById(db, id);
}

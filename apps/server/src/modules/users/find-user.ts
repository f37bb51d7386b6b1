import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import { findUserByEmail, findUserById } from './users.repo.ts';

/** The user with this id, deactivated or not; null when there is none. */
export function findUser(db: StoreDb, id: string): Promise<User | null> {
  return findUserById(db, id);
}

/** The user with this email (any case), or null. */
export function findUserWithEmail(db: StoreDb, email: string): Promise<User | null> {
  return findUserByEmail(db, email);
}

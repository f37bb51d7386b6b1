import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import { deleteAnonymousUsersCreatedBefore, insertUser } from './users.repo.ts';

/**
 * A sandbox visitor: no name, no organisation, no way to sign in; gone after the retention period,
 * which runs from `arrivedAt`.
 */
export function createAnonymousUser(db: StoreDb, arrivedAt: Date): Promise<User> {
  return insertUser(db, { role: 'anonymous', createdAt: arrivedAt.toISOString() });
}

/** Removes the visitors who arrived before `before` and everything they made; answers how many. */
export function removeAnonymousUsers(db: StoreDb, before: Date): Promise<number> {
  return deleteAnonymousUsersCreatedBefore(db, before.toISOString());
}

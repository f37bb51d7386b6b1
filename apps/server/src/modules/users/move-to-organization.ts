import type { StoreDb } from '../../store/connect.ts';
import type { User } from './user.ts';
import type { UserProfileChanges } from './users.repo.ts';
import { updateUserProfile } from './users.repo.ts';

/**
 * Moves what a person owns to their new organisation, inside the move's transaction. Handed in
 * by the app (`modules/ownership/`), since the modules that own the rows depend on this one.
 */
export type MoveOwnedObjects = (db: StoreDb, ownerId: string, organizationId: string | null) => Promise<void>;

/**
 * Changes a person's profile and, when their organisation changes, moves what they own with them:
 * the part of `updateUserAndWhatTheyOwn` for a caller already inside a transaction.
 */
export async function updateUserInTransaction(
  trx: StoreDb,
  moveOwnedObjects: MoveOwnedObjects,
  before: Pick<User, 'id' | 'organizationId'>,
  changes: UserProfileChanges,
): Promise<User> {
  const user = await updateUserProfile(trx, before.id, changes);
  const moving = changes.organizationId !== undefined && changes.organizationId !== before.organizationId;
  if (moving) await moveOwnedObjects(trx, before.id, changes.organizationId ?? null);
  return user;
}

/**
 * Changes a person's profile; when their organisation changes, what they own moves with them in
 * the same transaction, so their old colleagues lose sight of it at the moment the new ones gain it.
 */
export async function updateUserAndWhatTheyOwn(
  deps: { db: StoreDb; moveOwnedObjects: MoveOwnedObjects },
  before: Pick<User, 'id' | 'organizationId'>,
  changes: UserProfileChanges,
): Promise<User> {
  const moving = changes.organizationId !== undefined && changes.organizationId !== before.organizationId;
  if (!moving) return updateUserProfile(deps.db, before.id, changes);
  return deps.db
    .transaction()
    .execute((trx) => updateUserInTransaction(trx, deps.moveOwnedObjects, before, changes));
}

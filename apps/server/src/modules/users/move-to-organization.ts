import type { StoreDb } from '../../store/connect.ts';
import { moveOwnedConversations } from '../conversations/move-owned-conversations.ts';
import { moveOwnedDatabases } from '../databases/move-owned-databases.ts';
import { moveOwnedProjects } from '../projects/move-owned-projects.ts';
import type { User } from './user.ts';
import type { UserProfileChanges } from './users.repo.ts';
import { updateUserProfile } from './users.repo.ts';

/**
 * Changes a person's profile; when their organisation changes, what they own (databases, projects,
 * conversations, which store the owner's organisation) moves with them in the same transaction,
 * so their old colleagues lose sight of it at the moment the new ones gain it. Saved queries and
 * charts read the owner's organisation from the user, so they follow by themselves.
 */
export async function updateUserAndWhatTheyOwn(
  db: StoreDb,
  before: Pick<User, 'id' | 'organizationId'>,
  changes: UserProfileChanges,
): Promise<User> {
  const moving = changes.organizationId !== undefined && changes.organizationId !== before.organizationId;
  if (!moving) return updateUserProfile(db, before.id, changes);
  const organizationId = changes.organizationId ?? null;
  return db.transaction().execute(async (trx) => {
    const user = await updateUserProfile(trx, before.id, changes);
    await moveOwnedDatabases(trx, before.id, organizationId);
    await moveOwnedProjects(trx, before.id, organizationId);
    await moveOwnedConversations(trx, before.id, organizationId);
    return user;
  });
}

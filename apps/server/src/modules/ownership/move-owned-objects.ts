import type { StoreDb } from '../../store/connect.ts';
import { moveOwnedConversations } from '../conversations/move-owned-conversations.ts';
import { moveOwnedDatabases } from '../databases/move-owned-databases.ts';
import { moveOwnedProjects } from '../projects/move-owned-projects.ts';

/**
 * Everything that stores its owner's organisation (databases, projects, conversations) follows
 * the owner to a new one. Saved queries and charts read the owner's organisation from the user,
 * so they follow by themselves.
 */
export async function moveOwnedObjects(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await moveOwnedDatabases(db, ownerId, organizationId);
  await moveOwnedProjects(db, ownerId, organizationId);
  await moveOwnedConversations(db, ownerId, organizationId);
}

import type { StoreDb } from '../../store/connect.ts';
import { setDatabasesOrganizationOfOwner } from './databases.repo.ts';

/**
 * A person moved to another organisation takes their databases along: the old organisation stops
 * seeing them and the new one starts. Called inside the move's transaction.
 */
export async function moveOwnedDatabases(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await setDatabasesOrganizationOfOwner(db, ownerId, organizationId);
}

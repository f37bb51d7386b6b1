import type { StoreDb } from '../../store/connect.ts';
import { setProjectsOrganizationOfOwner } from './projects.repo.ts';

/** A person moved to another organisation takes their projects along (inside the move's transaction). */
export async function moveOwnedProjects(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await setProjectsOrganizationOfOwner(db, ownerId, organizationId);
}

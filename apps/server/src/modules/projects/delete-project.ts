import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { projectNotFound, requireProject } from './project-access.ts';
import { deleteProject as deleteProjectRow } from './projects.repo.ts';

/** DELETE /api/projects/{id}: its conversations go with it (foreign keys cascade). */
export async function deleteProject(
  deps: { db: StoreDb },
  input: { user: User; projectId: string },
): Promise<void> {
  const { project } = await requireProject(deps.db, input.user, input.projectId, 'delete');
  if (!(await deleteProjectRow(deps.db, project.id))) throw projectNotFound();
}

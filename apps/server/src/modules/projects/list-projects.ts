import type { Project } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { presentProject } from './present-project.ts';
import { mayChangeProject, requireProject } from './project-access.ts';
import { listProjectsVisibleTo } from './projects.repo.ts';

/** GET /api/projects */
export async function listProjects(deps: { db: StoreDb }, input: { user: User }): Promise<Project[]> {
  const projects = await listProjectsVisibleTo(deps.db, input.user);
  // The query already keeps only visible projects; what is left is whether each may be changed.
  return projects.map((project) =>
    presentProject(project, mayChangeProject(input.user, project) ? 'write' : 'read'),
  );
}

/** GET /api/projects/{id} */
export async function getProject(
  deps: { db: StoreDb },
  input: { user: User; projectId: string },
): Promise<Project> {
  const { project, access } = await requireProject(deps.db, input.user, input.projectId, 'read');
  return presentProject(project, access);
}

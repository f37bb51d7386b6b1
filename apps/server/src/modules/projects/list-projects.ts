import type { Project } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { presentProject } from './present-project.ts';
import { listVisibleDatabases } from '../databases/database-access.ts';
import { requireProject } from './project-access.ts';
import { listProjectsVisibleTo } from './projects.repo.ts';

/** GET /api/projects */
export async function listProjects(deps: { db: StoreDb }, input: { user: User }): Promise<Project[]> {
  const [projects, databases] = await Promise.all([
    listProjectsVisibleTo(deps.db, input.user),
    listVisibleDatabases(deps.db, input.user),
  ]);
  const databaseById = new Map(databases.map((database) => [database.id, database]));
  // The query already keeps only visible projects (on visible databases); each one's access is the policy's.
  return projects.flatMap((project) => {
    const database = databaseById.get(project.databaseId);
    return database ? [presentProject(project, database, input.user)] : [];
  });
}

/** GET /api/projects/{id} */
export async function getProject(
  deps: { db: StoreDb },
  input: { user: User; projectId: string },
): Promise<Project> {
  const { project, database } = await requireProject(deps.db, input.user, input.projectId, 'read');
  return presentProject(project, database, input.user);
}

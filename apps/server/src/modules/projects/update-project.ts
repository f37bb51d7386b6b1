import type { SavedProject, UpdateProjectBody } from '@querent/contracts';
import { requireDatabase } from '../databases/database-access.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { User } from '../users/user.ts';
import { checkProjectTables, uniqueTables } from './check-project-tables.ts';
import { presentProject } from './present-project.ts';
import { projectNotFound, requireProject } from './project-access.ts';
import { updateProject as updateProjectRow } from './projects.repo.ts';

/** PUT /api/projects/{id}: any subset of name, description, databaseId and tables. */
export async function updateProject(
  deps: SchemaDeps,
  input: { user: User; projectId: string; body: UpdateProjectBody },
): Promise<SavedProject> {
  const { user, body } = input;
  const { project, database: current } = await requireProject(deps.db, user, input.projectId, 'write');
  const moving = body.databaseId !== undefined && body.databaseId !== current.id;
  const database = moving ? await requireDatabase(deps.db, user, body.databaseId ?? '', 'read') : current;
  // Moving to another database re-checks the kept tables against it.
  const tables =
    body.tables === undefined ? (moving ? project.tables : undefined) : uniqueTables(body.tables);
  const { warning } =
    tables === undefined ? { warning: null } : await checkProjectTables(deps, database, tables);

  const updated = await updateProjectRow(deps.db, project.id, {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(moving ? { databaseId: database.id } : {}),
    ...(tables === undefined ? {} : { tables }),
  });
  if (!updated) throw projectNotFound();
  return { ...presentProject(updated, database, input.user), warning };
}

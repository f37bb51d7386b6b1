import type { CreateProjectBody, SavedProject } from '@querent/contracts';
import { refuseAnonymous } from '../databases/create-database.ts';
import { requireDatabase } from '../databases/database-access.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import type { User } from '../users/user.ts';
import { checkProjectTables, uniqueTables } from './check-project-tables.ts';
import { presentProject } from './present-project.ts';
import { insertProject } from './projects.repo.ts';

/** POST /api/projects: a named subset of the tables of a database the user may use. */
export async function createProject(
  deps: SchemaDeps,
  input: { user: User; body: CreateProjectBody },
): Promise<SavedProject> {
  const { user, body } = input;
  refuseAnonymous(user, 'project');
  const database = await requireDatabase(deps.db, user, body.databaseId, 'read');
  const tables = uniqueTables(body.tables);
  const { warning } = await checkProjectTables(deps, database, tables);
  const project = await insertProject(deps.db, {
    name: body.name,
    description: body.description ?? null,
    databaseId: database.id,
    ownerId: user.id,
    organizationId: user.organizationId,
    tables,
  });
  return { ...presentProject(project, database, user), warning };
}

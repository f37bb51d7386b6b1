import type { projectRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { createProject } from './create-project.ts';
import { deleteProject } from './delete-project.ts';
import { getProjectSchema } from './get-project-schema.ts';
import { getProject, listProjects } from './list-projects.ts';
import { updateProject } from './update-project.ts';

export function projectHandlers(deps: SchemaDeps): RouteHandlers<typeof projectRoutes> {
  return {
    'GET /api/projects': ({ user }) => listProjects(deps, { user }),
    'GET /api/projects/:id': ({ user, params }) => getProject(deps, { user, projectId: params.id }),
    'POST /api/projects': ({ user, body }) => createProject(deps, { user, body }),
    'PUT /api/projects/:id': ({ user, params, body }) =>
      updateProject(deps, { user, projectId: params.id, body }),
    'DELETE /api/projects/:id': ({ user, params }) => deleteProject(deps, { user, projectId: params.id }),
    'GET /api/projects/:id/schema': ({ user, params, query }) =>
      getProjectSchema(deps, { user, projectId: params.id, refresh: query.refresh ?? false }),
  };
}

import {
  createProjectBodySchema,
  projectSchema,
  savedProjectSchema,
  schemaInfoSchema,
  updateProjectBodySchema,
} from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { createProject } from './create-project.ts';
import { deleteProject } from './delete-project.ts';
import { getProjectSchema } from './get-project-schema.ts';
import { getProject, listProjects } from './list-projects.ts';
import { updateProject } from './update-project.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['projects'];

export function registerProjectRoutes(app: ZodApp, deps: SchemaDeps): void {
  app.get(
    '/api/projects',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Projects the user may use',
        response: { 200: z.array(projectSchema), ...errorResponses },
      },
    },
    (request) => listProjects(deps, { user: currentUser(request) }),
  );

  app.get(
    '/api/projects/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One project',
        params: idParams,
        response: { 200: projectSchema, ...errorResponses },
      },
    },
    (request) => getProject(deps, { user: currentUser(request), projectId: request.params.id }),
  );

  app.post(
    '/api/projects',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Create a project: a named subset of one database’s tables',
        description:
          'Each table must exist in the database; `warning` says when the database could not be asked.',
        body: createProjectBodySchema,
        response: { 201: savedProjectSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const project = await createProject(deps, { user: currentUser(request), body: request.body });
      return reply.code(201).send(project);
    },
  );

  app.put(
    '/api/projects/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change a project',
        params: idParams,
        body: updateProjectBodySchema,
        response: { 200: savedProjectSchema, ...errorResponses },
      },
    },
    (request) =>
      updateProject(deps, { user: currentUser(request), projectId: request.params.id, body: request.body }),
  );

  app.delete(
    '/api/projects/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a project',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteProject(deps, { user: currentUser(request), projectId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/projects/:id/schema',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The project’s tables, as the database schema shows them',
        params: idParams,
        querystring: z.object({ refresh: z.stringbool().optional() }),
        response: { 200: schemaInfoSchema, ...errorResponses },
      },
    },
    (request) =>
      getProjectSchema(deps, {
        user: currentUser(request),
        projectId: request.params.id,
        refresh: request.query.refresh ?? false,
      }),
  );
}

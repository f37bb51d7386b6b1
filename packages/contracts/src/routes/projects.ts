import { z } from 'zod';
import {
  createProjectBodySchema,
  projectSchema,
  savedProjectSchema,
  updateProjectBodySchema,
} from '../projects.ts';
import { schemaInfoSchema, schemaRefreshQuerySchema } from '../schema-info.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['projects'];

export const projectRoutes = {
  'GET /api/projects': route({
    summary: 'Projects the user may use',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    response: z.array(projectSchema),
  }),
  'GET /api/projects/:id': route({
    summary: 'One project',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    response: projectSchema,
  }),
  'POST /api/projects': route({
    summary: 'Create a project: a named subset of one database’s tables',
    description:
      'Each table must exist in the database; `warning` says when the database could not be asked.',
    tags,
    auth: 'required',
    body: createProjectBodySchema,
    status: 201,
    response: savedProjectSchema,
  }),
  'PUT /api/projects/:id': route({
    summary: 'Change a project',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateProjectBodySchema,
    response: savedProjectSchema,
  }),
  'DELETE /api/projects/:id': route({
    summary: 'Delete a project',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
  'GET /api/projects/:id/schema': route({
    summary: 'The project’s tables, as the database schema shows them',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    params: idParamsSchema,
    query: schemaRefreshQuerySchema,
    response: schemaInfoSchema,
  }),
} satisfies RouteTable;

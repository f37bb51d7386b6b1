import { z } from 'zod';
import { issueSchema, listIssuesQuerySchema, updateIssueBodySchema } from '../issues.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['issues'];

export const issueRoutes = {
  'GET /api/issues': route({
    summary: 'Data-quality issues of a context’s database, unresolved and most severe first',
    tags,
    auth: 'required',
    apiKeyScope: 'metadata:read',
    query: listIssuesQuerySchema,
    response: z.array(issueSchema),
  }),
  'PUT /api/issues/:id': route({
    summary: 'Change an issue’s title, description, severity, status or business entity',
    description:
      'The body is the whole issue as listed; absent fields stay, null clears description or business_entity_id. id, when sent, must match the path; databaseId, query_id, timestamps and editable are read-only and ignored.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: updateIssueBodySchema,
    response: issueSchema,
  }),
} satisfies RouteTable;

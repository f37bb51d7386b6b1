import { issueSchema, listIssuesQuerySchema, updateIssueBodySchema } from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { StoreDb } from '../../store/connect.ts';
import { listIssues } from './list-issues.ts';
import { updateIssue } from './update-issue.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['issues'];

export function registerIssueRoutes(app: ZodApp, deps: { db: StoreDb }): void {
  app.get(
    '/api/issues',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Data-quality issues of a context’s database, unresolved and most severe first',
        querystring: listIssuesQuerySchema,
        response: { 200: z.array(issueSchema), ...errorResponses },
      },
    },
    (request) => listIssues(deps, { user: currentUser(request), contextId: request.query.contextId }),
  );

  app.put(
    '/api/issues/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change an issue’s title, description, severity, status or business entity',
        description:
          'The body is the whole issue as listed; absent fields stay, null clears description or business_entity_id. id, when sent, must match the path; databaseId, query_id, timestamps and editable are read-only and ignored.',
        params: idParams,
        body: updateIssueBodySchema,
        response: { 200: issueSchema, ...errorResponses },
      },
    },
    (request) =>
      updateIssue(deps, { user: currentUser(request), issueId: request.params.id, body: request.body }),
  );
}

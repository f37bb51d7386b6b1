import type { databaseRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { createDatabase } from './create-database.ts';
import type { DatabaseDeps } from './database-deps.ts';
import { deleteDatabase } from './delete-database.ts';
import { getDatabaseSchema } from './get-database-schema.ts';
import { getDatabase, listDatabases } from './list-databases.ts';
import { testConnection } from './test-connection.ts';
import { updateDatabase } from './update-database.ts';

export function databaseHandlers(
  deps: DatabaseDeps & {
    /** POST/PUT bodies may carry dbt files, far larger than other requests. */
    bodyLimitBytes: number;
  },
): RouteHandlers<typeof databaseRoutes> {
  const largeBody = { bodyLimit: deps.bodyLimitBytes };
  return {
    'GET /api/databases': ({ user }) => listDatabases(deps, { user }),
    'POST /api/databases': {
      options: largeBody,
      handle: ({ user, body }) => createDatabase(deps, { user, body }),
    },
    'POST /api/databases/test': ({ user, body }) => testConnection(deps, { user, body }),
    'GET /api/databases/:id': ({ user, params }) => getDatabase(deps, { user, databaseId: params.id }),
    'PUT /api/databases/:id': {
      options: largeBody,
      handle: ({ user, params, body }) => updateDatabase(deps, { user, databaseId: params.id, body }),
    },
    'DELETE /api/databases/:id': ({ user, params }) => deleteDatabase(deps, { user, databaseId: params.id }),
    'GET /api/databases/:id/schema': ({ user, params, query }) =>
      getDatabaseSchema(deps, { user, databaseId: params.id, refresh: query.refresh ?? false }),
  };
}

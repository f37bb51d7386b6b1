import { apiKeysSchema, createApiKeyBodySchema, createdApiKeySchema } from '../api-keys.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['api-keys'];

/** The person's API keys, managed from the profile page; a key itself may not call these. */
export const apiKeyRoutes = {
  'GET /api/api-keys': route({
    summary: 'The user’s API keys (and, for administrators, the organisation keys)',
    description:
      'Keys not revoked, newest first; never their secret. Expired keys stay listed, marked `expired`.',
    tags,
    auth: 'required',
    response: apiKeysSchema,
  }),
  'POST /api/api-keys': route({
    summary: 'Make an API key: its secret is answered this once',
    description:
      'A key acts as its maker (an organisation key: as a service member of its organisation), only reads and runs read-only, and reaches what its scopes name: the MCP tools of its scopes, and the REST routes that declare one of them. Send it as `Authorization: Bearer <secret>`. Only a hash of the secret is kept.',
    tags,
    auth: 'required',
    body: createApiKeyBodySchema,
    status: 201,
    response: createdApiKeySchema,
  }),
  'DELETE /api/api-keys/:id': route({
    summary: 'Revoke an API key',
    description: 'It is refused (401) from its next request on, on every instance.',
    tags,
    auth: 'required',
    params: idParamsSchema,
    status: 204,
  }),
} satisfies RouteTable;

import type { apiKeyRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { findOrganizationName } from '../organizations/find-organization-name.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { nowOf } from './api-key-deps.ts';
import type { ApiKeyRecord } from './api-key-record.ts';
import { createApiKey } from './create-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { presentApiKey } from './present-api-key.ts';
import { revokeApiKey } from './revoke-api-key.ts';

/** The person's API keys, from the profile page. */
export function apiKeyHandlers(deps: ApiKeyDeps): RouteHandlers<typeof apiKeyRoutes> {
  const present = async (key: ApiKeyRecord) =>
    presentApiKey(key, {
      organizationName:
        key.organizationId === null ? null : await findOrganizationName(deps.db, key.organizationId),
      now: nowOf(deps),
    });
  return {
    'GET /api/api-keys': async ({ user }) => {
      const keys = await listApiKeys(deps, { user });
      return { keys: await Promise.all(keys.map(present)) };
    },
    'POST /api/api-keys': async ({ user, body }) => {
      const { key, secret } = await createApiKey(deps, {
        user,
        name: body.name,
        scopes: body.scopes,
        expiresAt: body.expires_at,
        organizationId: body.organization_id,
      });
      return { ...(await present(key)), secret };
    },
    'DELETE /api/api-keys/:id': async ({ user, params }) => {
      await revokeApiKey(deps, { user, keyId: params.id });
    },
  };
}

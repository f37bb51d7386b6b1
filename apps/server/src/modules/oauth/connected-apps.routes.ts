import type { connectedAppRoutes } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import type { StoreDb } from '../../store/connect.ts';
import { disconnectApp, listConnectedApps } from './connected-apps.ts';

/**
 * The apps a person connected through OAuth, listed and disconnected on /profile. Local mode has
 * no authorization server (`resource` null): nothing to list or disconnect.
 */
export function connectedAppHandlers(deps: {
  db: StoreDb;
  /** PUBLIC_URL/mcp in hosted mode; null in local mode. */
  resource: string | null;
}): RouteHandlers<typeof connectedAppRoutes> {
  const { db, resource } = deps;
  return {
    'GET /api/connected-apps': async ({ user }) => {
      if (resource === null) return { mode: 'local' as const, apps: [] };
      const apps = await listConnectedApps({ db, resource }, { user });
      return {
        mode: 'oidc' as const,
        apps: apps.map((app) => ({
          id: app.grantId,
          client_id: app.clientId,
          name: app.name,
          scopes: app.scopes,
          connected_at: app.connectedAt,
          expires_at: app.expiresAt,
        })),
      };
    },
    'DELETE /api/connected-apps/:id': async ({ user, params }) => {
      if (resource === null) throw new AppError('NOT_FOUND', 'Connected app not found');
      await disconnectApp({ db }, { user, grantId: params.id });
    },
  };
}

import type { favoriteRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { uncheckedResponse } from '../../http/unchecked-response.ts';
import type { StoreDb } from '../../store/connect.ts';
import { listFavorites } from './list-favorites.ts';
import { setFavorite } from './set-favorite.ts';

export function favoriteHandlers(deps: { db: StoreDb }): RouteHandlers<typeof favoriteRoutes> {
  return {
    'PUT /api/query/:id/favorite': ({ user, params, body }) =>
      setFavorite(deps, { user, itemType: 'query', itemId: params.id, isFavorite: body.is_favorite }),
    'PUT /api/charts/:id/favorite': ({ user, params, body }) =>
      setFavorite(deps, { user, itemType: 'chart', itemId: params.id, isFavorite: body.is_favorite }),
    'GET /api/favorites': {
      // Previews are stored rows.
      options: uncheckedResponse,
      handle: ({ user, query }) => listFavorites(deps, { user, contextId: query.contextId }),
    },
  };
}

import {
  favoriteBodySchema,
  favoriteStateSchema,
  favoritesQuerySchema,
  favoritesSchema,
} from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { StoreDb } from '../../store/connect.ts';
import { listFavorites } from './list-favorites.ts';
import { setFavorite } from './set-favorite.ts';

const idParams = z.object({ id: z.string().min(1) });
const tags = ['favorites'];

export function registerFavoriteRoutes(app: ZodApp, deps: { db: StoreDb }): void {
  app.put(
    '/api/query/:id/favorite',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Star or unstar a query, for the asking user',
        params: idParams,
        body: favoriteBodySchema,
        response: { 200: favoriteStateSchema, ...errorResponses },
      },
    },
    (request) =>
      setFavorite(deps, {
        user: currentUser(request),
        itemType: 'query',
        itemId: request.params.id,
        isFavorite: request.body.is_favorite,
      }),
  );

  app.put(
    '/api/charts/:id/favorite',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Star or unstar a chart, for the asking user',
        params: idParams,
        body: favoriteBodySchema,
        response: { 200: favoriteStateSchema, ...errorResponses },
      },
    },
    (request) =>
      setFavorite(deps, {
        user: currentUser(request),
        itemType: 'chart',
        itemId: request.params.id,
        isFavorite: request.body.is_favorite,
      }),
  );

  app.get(
    '/api/favorites',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Starred queries and charts of a context’s database, with previews of their last results',
        description:
          'Queries carry the first 20 rows of their stored last result, charts up to 1,000 rows of their query’s; nothing is run. A null preview means the query never ran, failed, or keeps no rows.',
        querystring: favoritesQuerySchema,
        response: { 200: favoritesSchema, ...errorResponses },
      },
      // Previews are stored rows; re-validating each against the schema buys nothing.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (request) => listFavorites(deps, { user: currentUser(request), contextId: request.query.contextId }),
  );
}

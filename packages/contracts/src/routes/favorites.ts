import {
  favoriteBodySchema,
  favoriteStateSchema,
  favoritesQuerySchema,
  favoritesSchema,
} from '../favorites.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['favorites'];

export const favoriteRoutes = {
  'PUT /api/query/:id/favorite': route({
    summary: 'Star or unstar a query, for the asking user',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: favoriteBodySchema,
    response: favoriteStateSchema,
  }),
  'PUT /api/charts/:id/favorite': route({
    summary: 'Star or unstar a chart, for the asking user',
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: favoriteBodySchema,
    response: favoriteStateSchema,
  }),
  'GET /api/favorites': route({
    summary: 'Starred queries and charts of a context’s database, with previews of their last results',
    description:
      'Queries carry the first 20 rows of their stored last result, charts up to 1,000 rows of their query’s; nothing is run. A null preview means the query never ran, failed, or keeps no rows.',
    tags,
    auth: 'required',
    query: favoritesQuerySchema,
    response: favoritesSchema,
  }),
} satisfies RouteTable;

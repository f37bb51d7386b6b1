import type { ExportFormat, RouteBody } from '@querent/contracts';
import type { RouteCalls } from './call-route.ts';

/** Saved queries, runs, history and exports. */
export function createQueriesApi({ call, download }: RouteCalls) {
  return {
    get: (id: string) => call('GET /api/query/:id', { params: { id } }),
    create: (body: RouteBody<'POST /api/query'>) => call('POST /api/query', { body }),
    update: (id: string, body: RouteBody<'PUT /api/query/:id'>) =>
      call('PUT /api/query/:id', { params: { id }, body }),
    remove: (id: string) => call('DELETE /api/query/:id', { params: { id } }),
    /** Aborting the signal closes the request; the server then cancels the statement in the database. */
    run: (body: RouteBody<'POST /api/query/_run'>, signal?: AbortSignal) =>
      call('POST /api/query/_run', { body, signal }),
    /** The stored rows of the last run (the server runs it when it never ran). */
    results: (id: string) => call('GET /api/query/:id/results', { params: { id } }),
    rerun: (id: string, signal?: AbortSignal) => call('POST /api/query/:id/run', { params: { id }, signal }),
    setFavorite: (id: string, isFavorite: boolean) =>
      call('PUT /api/query/:id/favorite', { params: { id }, body: { is_favorite: isFavorite } }),
    /** Saved queries colleagues shared with the user's organisation, on one database. */
    sharedWithMe: (databaseId: string) => call('GET /api/queries', { query: { databaseId, shared: 'true' } }),
    history: (databaseId: string) => call('GET /api/query-history', { query: { databaseId } }),
    /** The whole result as a file, streamed: a saved (or history) query by id… */
    exportSaved: (id: string, format: ExportFormat, signal?: AbortSignal) =>
      download('GET /api/query/:id/export', { params: { id }, query: { format }, signal }),
    /** …or SQL that has no record yet. */
    exportSql: (body: RouteBody<'POST /api/query/_export'>, signal?: AbortSignal) =>
      download('POST /api/query/_export', { body, signal }),
  };
}

/** Charts built from query results, by the user or by the agent (same stored config). */
export function createChartsApi({ call }: RouteCalls) {
  return {
    get: (id: string) => call('GET /api/charts/:id', { params: { id } }),
    create: (body: RouteBody<'POST /api/charts'>) => call('POST /api/charts', { body }),
    update: (id: string, body: RouteBody<'PUT /api/charts/:id'>) =>
      call('PUT /api/charts/:id', { params: { id }, body }),
    remove: (id: string) => call('DELETE /api/charts/:id', { params: { id } }),
    setFavorite: (id: string, isFavorite: boolean) =>
      call('PUT /api/charts/:id/favorite', { params: { id }, body: { is_favorite: isFavorite } }),
  };
}

export function createFavoritesApi({ call }: RouteCalls) {
  return {
    list: (contextId: string) => call('GET /api/favorites', { query: { contextId } }),
  };
}

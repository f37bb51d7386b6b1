import type { HttpClient } from '../lib/http-client.ts';
import type {
  Chart,
  CreateChartBody,
  CreateSavedQueryBody,
  ExportFormat,
  Favorites,
  FavoriteState,
  QueryHistoryItem,
  QueryResults,
  RunQueryResult,
  SavedQuery,
  UpdateChartBody,
  UpdateSavedQueryBody,
} from './query-types.ts';

const queryPath = (id: string) => `/api/query/${encodeURIComponent(id)}`;
const chartPath = (id: string) => `/api/charts/${encodeURIComponent(id)}`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Saved queries, runs, history and exports (SPEC.md §7 "Queries" and the query issue). */
export function createQueriesApi(http: HttpClient) {
  return {
    get: (id: string) => http.get<SavedQuery>(queryPath(id)),
    create: (body: CreateSavedQueryBody) => http.post<SavedQuery>('/api/query', body),
    update: (id: string, body: UpdateSavedQueryBody) => http.put<SavedQuery>(queryPath(id), body),
    remove: (id: string) => http.delete<undefined>(queryPath(id)),
    /** Aborting the signal closes the request; the server then cancels the statement in the database. */
    run: (body: { query: string; databaseId: string }, signal?: AbortSignal) =>
      http.post<RunQueryResult>('/api/query/_run', body, withSignal(signal)),
    /** The stored rows of the last run (the server runs it when it never ran). */
    results: (id: string) => http.get<QueryResults>(`${queryPath(id)}/results`),
    rerun: (id: string, signal?: AbortSignal) =>
      http.post<QueryResults>(`${queryPath(id)}/run`, undefined, withSignal(signal)),
    setFavorite: (id: string, isFavorite: boolean) =>
      http.put<FavoriteState>(`${queryPath(id)}/favorite`, { is_favorite: isFavorite }),
    history: (databaseId: string) =>
      http.get<QueryHistoryItem[]>('/api/query-history', { query: { databaseId } }),
    /** The whole result as a file, streamed: a saved (or history) query by id… */
    exportSaved: (id: string, format: ExportFormat, signal?: AbortSignal) =>
      http.stream('GET', `${queryPath(id)}/export`, undefined, { query: { format }, ...withSignal(signal) }),
    /** …or SQL that has no record yet. */
    exportSql: (body: { query: string; databaseId: string; format: ExportFormat }, signal?: AbortSignal) =>
      http.stream('POST', '/api/query/_export', body, withSignal(signal)),
  };
}

/** Charts built from query results, by the user or by the agent (same stored config). */
export function createChartsApi(http: HttpClient) {
  return {
    get: (id: string) => http.get<Chart>(chartPath(id)),
    create: (body: CreateChartBody) => http.post<Chart>('/api/charts', body),
    update: (id: string, body: UpdateChartBody) => http.put<Chart>(chartPath(id), body),
    remove: (id: string) => http.delete<undefined>(chartPath(id)),
    setFavorite: (id: string, isFavorite: boolean) =>
      http.put<FavoriteState>(`${chartPath(id)}/favorite`, { is_favorite: isFavorite }),
  };
}

export function createFavoritesApi(http: HttpClient) {
  return {
    list: (contextId: string) => http.get<Favorites>('/api/favorites', { query: { contextId } }),
  };
}

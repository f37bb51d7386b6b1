import type { Api } from '../../api/create-api.ts';
import type { SavedQuery } from '../../api/types.ts';
import type { QueryDraft } from './query-draft.ts';

export interface SaveQueryInput extends QueryDraft {
  /** The saved query's id, or null for one never saved. */
  id: string | null;
  databaseId: string | null;
}

export interface SaveQueryOutcome {
  query: SavedQuery;
  /** True when this save created the query: the editor then moves to /query/{id}. */
  created: boolean;
}

/** The server wants a title; an untitled query is saved under this one. */
export const UNTITLED_QUERY = 'Untitled query';

/**
 * With an id the query is updated (PUT /api/query/{id} with title and sql);
 * otherwise it is created (POST /api/query with title, sql and databaseId).
 */
export async function saveQuery(api: Pick<Api, 'queries'>, input: SaveQueryInput): Promise<SaveQueryOutcome> {
  const title = input.title.trim() || UNTITLED_QUERY;
  const { id, sql, databaseId } = input;
  if (id) return { query: await api.queries.update(id, { title, sql }), created: false };
  if (!databaseId) throw new Error('No database selected');
  return { query: await api.queries.create({ title, sql, databaseId }), created: true };
}

import type { SavedQuery } from '../../api/types.ts';

/** The parts of a query the user edits. */
export interface QueryDraft {
  title: string;
  sql: string;
}

/** The version the editor opened with: the saved query, or blank for a new one. */
export function loadedDraft(query: Pick<SavedQuery, 'title' | 'sql'> | null): QueryDraft {
  return { title: query?.title ?? '', sql: query?.sql ?? '' };
}

/** Modified when the SQL or the title differs from the loaded version. */
export function isModified(loaded: QueryDraft, current: QueryDraft): boolean {
  return loaded.sql !== current.sql || loaded.title !== current.title;
}

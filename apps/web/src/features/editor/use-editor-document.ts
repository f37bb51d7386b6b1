import { useState } from 'react';
import type { SavedQuery } from '../../api/types.ts';
import { isModified, loadedDraft, type QueryDraft } from '../queries/query-draft.ts';

/**
 * The title and SQL being edited, and the version they were loaded as. A new loaded query (the
 * route's loader ran again: another query, or the one just saved, reloaded) replaces both.
 * `openedSql` fills a new query's editor when the page was opened to show that SQL.
 */
export function useEditorDocument(loaded: SavedQuery | null, openedSql: string | null = null) {
  const [source, setSource] = useState(loaded);
  const [base, setBase] = useState<QueryDraft>(() => loadedDraft(loaded));
  // SQL handed over by a link (an issue's evidence) starts as an unsaved draft of a new query.
  const [draft, setDraft] = useState<QueryDraft>(() =>
    loaded === null && openedSql !== null ? { title: '', sql: openedSql } : loadedDraft(loaded),
  );

  if (source !== loaded) {
    setSource(loaded);
    setBase(loadedDraft(loaded));
    setDraft(loadedDraft(loaded));
  }

  return {
    title: draft.title,
    sql: draft.sql,
    setTitle: (title: string) => setDraft((current) => ({ ...current, title })),
    setSql: (sql: string) => setDraft((current) => ({ ...current, sql })),
    /** True when the SQL or the title differs from the loaded version. */
    modified: isModified(base, draft),
    /** After a save that stays on the page (an update), the saved text is the new loaded version. */
    markSaved: (saved: QueryDraft) => {
      setBase(saved);
      setDraft((current) => (current.sql === saved.sql ? { ...current, title: saved.title } : current));
    },
  };
}

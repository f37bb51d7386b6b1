import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import { querySubject } from './query-subject.ts';
import type { QueryHistoryItem, QueryRunSummary, SavedQuery } from '@querent/contracts';
import type { QueryRecord } from './query-record.ts';

export function presentRunSummary(query: QueryRecord): QueryRunSummary | null {
  if (query.ranAt === null) return null;
  return {
    ranAt: query.ranAt,
    durationMs: query.durationMs,
    count: query.count,
    truncated: query.truncated,
    columns: query.columns,
    error: query.error,
  };
}

/** id, title, sql, databaseId and is_favorite, plus the query's state for the asker and its last run. */
export function presentQuery(query: QueryRecord, viewer: Actor, isFavorite: boolean): SavedQuery {
  const abilities = objectAbilities(viewer, querySubject(query, undefined));
  return {
    id: query.id,
    title: query.title,
    sql: query.sql,
    databaseId: query.databaseId,
    is_favorite: isFavorite,
    is_saved: query.isSaved,
    conversationId: query.conversationId,
    editable: abilities.edit,
    abilities,
    shared: query.sharedWithOrganization,
    createdAt: query.createdAt,
    updatedAt: query.updatedAt,
    lastRun: presentRunSummary(query),
    question: query.question,
    verified: query.verified,
  };
}

export function presentHistoryItem(query: QueryRecord & { ranAt: string }): QueryHistoryItem {
  return {
    id: query.id,
    sql: query.sql,
    databaseId: query.databaseId,
    conversationId: query.conversationId,
    ranAt: query.ranAt,
    durationMs: query.durationMs,
    count: query.count,
    truncated: query.truncated,
    error: query.error,
  };
}

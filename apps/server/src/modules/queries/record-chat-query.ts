import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SqlRunRecorder } from '../sql-runs/sql-run-recorder.ts';
import type { ChatQueryRecord } from './chat-queries.ts';
import { findConversationQuery } from './chat-queries.ts';
import { insertPendingQuery, storeQueryOutcome } from './queries.repo.ts';
import { storeOutcomeReturning } from './query-outcome.repo.ts';

/*
 * How a conversation keeps its queries: a record of the conversation, created before the
 * statement runs (so a write can wait for the user's confirmation), whose outcome, rows
 * included, is stored once it ran or once it is clear it never will.
 */

interface ChatQueryTarget {
  ownerId: string;
  conversationId: string;
  database: DatabaseRecord;
  sql: string;
  title: string | null;
}

function insertTarget(db: StoreDb, target: ChatQueryTarget): Promise<string> {
  return insertPendingQuery(db, {
    sql: target.sql,
    title: target.title,
    databaseId: target.database.id,
    ownerId: target.ownerId,
    conversationId: target.conversationId,
  });
}

/**
 * A run kept in the conversation with its rows; `queryId` is a query recorded before (a confirmed
 * write). `stored` answers the query as its outcome was stored, for the chat to show without
 * reading it back; null before that, or when the query's SQL changed meanwhile.
 */
export function recordInConversation(
  db: StoreDb,
  target: ChatQueryTarget & { queryId?: string | undefined },
): SqlRunRecorder & { stored(): ChatQueryRecord | null } {
  let queryId = target.queryId;
  let stored: ChatQueryRecord | null = null;
  return {
    async begin() {
      queryId ??= await insertTarget(db, target);
    },
    async record(run) {
      queryId ??= await insertTarget(db, target);
      stored = await storeOutcomeReturning(db, queryId, target.sql, run);
      return queryId;
    },
    stored: () => stored,
  };
}

/** A write waiting for the user: recorded, not run. */
export function recordPendingQuery(deps: { db: StoreDb }, input: ChatQueryTarget): Promise<string> {
  return insertTarget(deps.db, input);
}

/** Records why a query never ran (refused under safe mode, rejected by the user). */
export async function recordQueryNotRun(
  deps: { db: StoreDb },
  input: Omit<ChatQueryTarget, 'title'> & { queryId?: string; reason: string },
): Promise<ChatQueryRecord> {
  const queryId = input.queryId ?? (await insertTarget(deps.db, { ...input, title: null }));
  await storeQueryOutcome(deps.db, queryId, input.sql, {
    rows: null,
    columns: null,
    count: null,
    truncated: false,
    durationMs: 0,
    error: input.reason,
    ranAt: nowIso(),
  });
  const query = await findConversationQuery(deps.db, input.conversationId, queryId);
  if (!query) throw new Error(`Query ${queryId} vanished right after it was recorded`);
  return query;
}

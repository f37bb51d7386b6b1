import type { ConnectorErrorKind } from '../../connectors/index.ts';
import { isConnectorError } from '../../connectors/index.ts';
import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import type { DatabaseConnections } from '../databases/database-connections.ts';
import { toUserFacingError } from '../databases/database-connections.ts';
import type { DatabaseRecord } from '../databases/databases.repo.ts';
import { storeQueryOutcome } from '../queries/queries.repo.ts';
import type { ChatQueryRecord } from './chat-queries.repo.ts';
import { findConversationQuery, insertPendingQuery } from './chat-queries.repo.ts';

/** The chat keeps at most this many rows of a result; the count still tells the whole size. */
export const CHAT_RESULT_ROWS = 1000;

export interface RunChatQueryDeps {
  db: StoreDb;
  connections: DatabaseConnections;
  /** QUERY_ROW_CAP: a chat result is never longer than the editor's. */
  rowCap: number;
  /** QUERY_TIMEOUT_MS, when the database sets no statement timeout of its own. */
  defaultTimeoutMs: number;
}

export interface RunChatQueryInput {
  ownerId: string;
  conversationId: string;
  /** Already checked readable by the caller (the conversation's context). */
  database: DatabaseRecord;
  sql: string;
  title: string | null;
  /** Enforced by the connector and the database itself; safe mode forces it on. */
  readOnly: boolean;
  /** Stop: cancels the statement in the database. */
  signal?: AbortSignal;
  /** A query already recorded (a write the user just confirmed); otherwise one is created. */
  queryId?: string;
}

export interface ChatRunOutcome {
  query: ChatQueryRecord;
  /** Why it failed, when the connector said; null on success or a failure of ours. */
  errorKind: ConnectorErrorKind | null;
  /** Rows a write changed, when the engine says. */
  affectedRows: number | null;
}

/**
 * Runs SQL for a conversation, the way the editor's run does (row cap, statement timeout,
 * read-only under safe mode, cancellation), and records it with its rows in the conversation.
 * The statement failing is a result, kept on the query and answered, never thrown: the user sees
 * it and the analyst corrects itself. This is the chat's counterpart of queries/run-query.ts, which
 * cannot force a read-only run on a database without safe mode (the analyst's reads), nor run a
 * query recorded beforehand (a write the user confirmed), nor say how many rows a write changed.
 */
export async function runChatQuery(
  deps: RunChatQueryDeps,
  input: RunChatQueryInput,
): Promise<ChatRunOutcome> {
  const { database } = input;
  const queryId =
    input.queryId ??
    (await insertPendingQuery(deps.db, {
      sql: input.sql,
      title: input.title,
      databaseId: database.id,
      ownerId: input.ownerId,
      conversationId: input.conversationId,
    }));
  const ranAt = nowIso();
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  let errorKind: ConnectorErrorKind | null = null;
  let affectedRows: number | null = null;
  try {
    const connector = deps.connections.forDatabase(database);
    const result = await connector.run(input.sql, {
      rowCap: Math.min(deps.rowCap, CHAT_RESULT_ROWS),
      timeoutMs: database.statementTimeoutMs ?? deps.defaultTimeoutMs,
      readOnly: input.readOnly || database.safeMode,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
    affectedRows = result.affectedRows;
    await storeQueryOutcome(deps.db, queryId, input.sql, {
      rows: result.rows,
      columns: result.columns,
      count: result.count,
      truncated: result.truncated,
      durationMs: result.durationMs,
      error: null,
      ranAt,
    });
  } catch (error) {
    const failure = toUserFacingError(error);
    // Our own bugs are not the user's SQL failing: they go up to be logged.
    if (!isConnectorError(error) && failure === error) throw error;
    errorKind = isConnectorError(error) ? error.kind : null;
    await storeQueryOutcome(deps.db, queryId, input.sql, {
      rows: null,
      columns: null,
      count: null,
      truncated: false,
      durationMs: elapsed(),
      error: (failure as Error).message,
      ranAt,
    });
  }
  const query = await findConversationQuery(deps.db, input.conversationId, queryId);
  if (!query) throw new Error(`Query ${queryId} vanished right after it ran`);
  return { query, errorKind, affectedRows };
}

/** Records why a query never ran (refused under safe mode, rejected by the user). */
export async function recordQueryNotRun(
  deps: { db: StoreDb },
  input: {
    ownerId: string;
    conversationId: string;
    database: DatabaseRecord;
    sql: string;
    queryId?: string;
    reason: string;
  },
): Promise<ChatQueryRecord> {
  const queryId =
    input.queryId ??
    (await insertPendingQuery(deps.db, {
      sql: input.sql,
      title: null,
      databaseId: input.database.id,
      ownerId: input.ownerId,
      conversationId: input.conversationId,
    }));
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

/** A write waiting for the user: recorded, not run. */
export async function recordPendingQuery(
  deps: { db: StoreDb },
  input: {
    ownerId: string;
    conversationId: string;
    database: DatabaseRecord;
    sql: string;
    title: string | null;
  },
): Promise<string> {
  return insertPendingQuery(deps.db, {
    sql: input.sql,
    title: input.title,
    databaseId: input.database.id,
    ownerId: input.ownerId,
    conversationId: input.conversationId,
  });
}

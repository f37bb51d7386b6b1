import type { ConnectorErrorKind } from '../../connectors/index.ts';
import type { Actor } from '../access/can.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { ChatQueryRecord } from '../queries/chat-queries.ts';
import { findConversationQuery } from '../queries/chat-queries.ts';
import { recordInConversation } from '../queries/record-chat-query.ts';
import { runSql } from '../sql-runs/run-sql.ts';
import type { SqlRunDeps } from '../sql-runs/sql-run-deps.ts';
import { trackTurnStatement } from './track-turn-statement.ts';

/** The chat keeps at most this many rows of a result; the count still tells the whole size. */
export const CHAT_RESULT_ROWS = 1000;

export interface RunChatQueryDeps extends SqlRunDeps {
  db: StoreDb;
}

export interface RunChatQueryInput {
  /** `chat`: SQL the user typed in the conversation; `agent`: the analyst's tools. */
  purpose: 'chat' | 'agent';
  /** The conversation's owner, asking: the SQL runs for them and the query is theirs. */
  asker: Actor;
  conversationId: string;
  /** Already checked readable by the caller (the conversation's context). */
  database: DatabaseRecord;
  sql: string;
  title: string | null;
  /** Read-only even outside safe mode (the analyst's reads); safe mode forces it on. */
  readOnly: boolean;
  /** Stop: cancels the statement in the database. */
  signal?: AbortSignal;
  /** A query already recorded (a write the user just confirmed); otherwise one is created. */
  queryId?: string;
}

export interface ChatRunOutcome {
  query: ChatQueryRecord;
  /** The statement ran to its end (not refused, failed or cancelled). */
  succeeded: boolean;
  /** Why it failed, when the connector said; null on success or a failure of ours. */
  errorKind: ConnectorErrorKind | null;
  /** Rows a write changed, when the engine says. */
  affectedRows: number | null;
}

/**
 * Runs SQL for a conversation and keeps it there with up to CHAT_RESULT_ROWS rows. The statement
 * failing is a result, kept on the query and answered, never thrown: the user sees it and the
 * analyst corrects itself.
 */
export async function runChatQuery(
  deps: RunChatQueryDeps,
  input: RunChatQueryInput,
): Promise<ChatRunOutcome> {
  const recorder = recordInConversation(deps.db, { ...input, ownerId: input.asker.id });
  const run = await trackTurnStatement(
    deps,
    { conversationId: input.conversationId, databaseId: input.database.id },
    (onServerSession) =>
      runSql(
        deps,
        {
          purpose: input.purpose,
          actor: input.asker,
          database: input.database,
          sql: input.sql,
          readOnly: input.readOnly,
          rowCap: CHAT_RESULT_ROWS,
          signal: input.signal,
          onServerSession,
        },
        recorder,
      ),
  );
  // The outcome as just stored, else (the SQL changed meanwhile) as the store has it now.
  const stored = recorder.stored();
  const query =
    stored?.id === run.recordId && stored.conversationId === input.conversationId
      ? stored
      : await findConversationQuery(deps.db, input.conversationId, run.recordId);
  if (!query) throw new Error(`Query ${run.recordId} vanished right after it ran`);
  return {
    query,
    succeeded: run.ok,
    errorKind: run.ok ? null : run.errorKind,
    affectedRows: run.ok ? run.result.affectedRows : null,
  };
}

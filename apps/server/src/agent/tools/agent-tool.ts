import type { AgentToolName } from '@querent/contracts';
import type { z } from 'zod';
import type { SqlDialect } from '../../connectors/index.ts';
import type { DatabaseRecord } from '../../modules/databases/database-record.ts';
import type { ChatRunOutcome, RunChatQueryInput } from '../../modules/conversations/run-chat-query.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { SchemaTable } from '../schema/schema-tables.ts';

/** What a tool answers: `output` is what the model reads (JSON); the ids link the step to the chat. */
export interface ToolResult {
  output: Record<string, unknown>;
  queryId?: string | null;
  chartId?: string | null;
}

export type WriteDecision = 'confirmed' | 'rejected';

export interface WriteRequest {
  queryId: string;
  sql: string;
  operation: string;
  reason: string;
}

/** Everything a tool may use during one turn; built by the loop, the same for every model. */
export interface ToolContext {
  db: StoreDb;
  ownerId: string;
  conversationId: string;
  database: DatabaseRecord;
  dialect: SqlDialect;
  /** The database's tables (with dbt descriptions), flattened. */
  tables: readonly SchemaTable[];
  /** `schema.table` keys of the project's tables, ranked first; empty for a database. */
  focus: ReadonlySet<string>;
  /** Whether the user may change the database, and so its memory. */
  mayChangeDatabase: boolean;
  /** Stop: aborts the turn and cancels the SQL running for it. */
  signal: AbortSignal;
  /** Runs SQL for this conversation (the conversations module's use case, bound to the turn). */
  runQuery(input: Pick<RunChatQueryInput, 'sql' | 'title' | 'readOnly' | 'queryId'>): Promise<ChatRunOutcome>;
  /** Shows a write to the user and waits for Confirm or Reject; rejects when the turn is stopped. */
  confirmWrite(request: WriteRequest): Promise<WriteDecision>;
}

/**
 * One tool of the analyst. Every model (a provider's, the offline analyst, a scripted test model)
 * drives the same set through the same loop, by name and input.
 */
export interface AgentTool<Schema extends z.ZodType = z.ZodType> {
  name: AgentToolName;
  description: string;
  inputSchema: Schema;
  execute(input: z.output<Schema>, context: ToolContext): Promise<ToolResult>;
}

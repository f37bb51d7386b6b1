import type {
  ChartConfig,
  ChatChart,
  ChatQuery,
  Engine,
  FigureStanding,
  FunctionCall,
  MessageRole,
  MetricQuery,
  ProjectTable,
  SchemaInfo,
  SemanticModel,
  SemanticModelSource,
} from '@querent/contracts';
import type { ConnectorErrorKind, ResultRow, SqlDialect } from '../connectors/index.ts';
import type { AgentQuality } from './quality-port.ts';

/** A message of the conversation as the analyst reads its history. */
export interface AgentMessage {
  role: MessageRole;
  content: string | null;
  functionCall: FunctionCall | null;
  queryId: string | null;
  chartId: string | null;
}

/** A step the analyst adds to the conversation: a tool call, its result, a closing note. */
export interface AgentStep {
  role: 'assistant' | 'function';
  content: string | null;
  functionCall?: FunctionCall | null;
  queryId?: string | null;
  chartId?: string | null;
}

/** A query of the conversation, with the rows it keeps. */
export type AgentQuery = Pick<ChatQuery, 'id' | 'columns' | 'rows' | 'count' | 'error'>;

export interface AgentQueryOutcome {
  query: AgentQuery;
  /** Why it failed, when the connector said; null on success or a failure of ours. */
  errorKind: ConnectorErrorKind | null;
  /** Rows a write changed, when the engine says. */
  affectedRows: number | null;
}

/** One model call's real token usage, as the provider reported it. */
export interface ModelUsage {
  modelId: string;
  inputTokens: number;
  outputTokens: number;
}

/** What the analyst read for itself: rows (as arrays of cells), or the database's message. */
export type AgentLookup = { ok: true; rows: ResultRow[]; truncated: boolean } | { ok: false; error: string };

/** A query a person checked, with the question it answers: a worked example for the analyst. */
export interface AgentVerifiedQuery {
  id: string;
  title: string | null;
  question: string | null;
  sql: string;
}

export type WriteDecision = 'confirmed' | 'rejected';

/** A measure aggregated another way for one metric query ("the highest unit price"). */
export interface AgentAdHocMeasure {
  name: string;
  /** `dataset.measure`, or `measure` when unique. */
  measure: string;
  aggregation: 'sum' | 'count' | 'count_distinct' | 'avg' | 'min' | 'max';
}

/**
 * A metric query compiled for the database, with where the model came from and what each figure
 * stands on; or why not, with the field at fault and the closest names.
 */
export type AgentCompiledQuery =
  | { ok: true; sql: string; modelSource: SemanticModelSource; standsOn: FigureStanding[] }
  | { ok: false; error: string; field: string; suggestions: readonly string[] };

/** The semantic model the analyst reads, and where it came from (saved, proposed, or read from the schema). */
export interface AgentSemanticModel {
  model: SemanticModel;
  source: SemanticModelSource;
}

export interface WriteRequest {
  queryId: string;
  sql: string;
  operation: string;
  reason: string;
}

/** What the analyst is looking at: a database, and the project when the question is about one. */
export interface AgentSubject {
  database: { name: string; engine: Engine; safeMode: boolean };
  project: { name: string; description: string | null; tables: readonly ProjectTable[] } | null;
}

/**
 * Everything of Querent the analyst uses during one turn, handed over by the conversation it
 * answers (modules/conversations implements it). The agent itself knows no table, repository or
 * module: it reads and writes the conversation, the database and its memory through these.
 */
export interface AgentPort extends AgentSubject {
  dialect: SqlDialect;
  /** Stop: aborts the turn and cancels the SQL running for it. */
  signal: AbortSignal;
  /** The database's schema, with dbt descriptions. */
  readSchema(): Promise<SchemaInfo>;
  /**
   * The database's semantic model (datasets, dimensions, measures, metrics) the analyst answers
   * from when a metric fits; null when there is none or ANALYST_SEMANTIC_MODEL is off.
   */
  semanticModel(): Promise<AgentSemanticModel | null>;
  /**
   * Compiles a metric query against that model for the database's dialect (nothing runs), as the
   * API and MCP compile theirs.
   */
  compileMetricQuery(input: {
    query: MetricQuery;
    measures: readonly AgentAdHocMeasure[];
    /** Datasets whose rows to group on, each as a dimension `<dataset>_key` over its primary key. */
    keys: readonly string[];
  }): Promise<AgentCompiledQuery>;
  /** What people approved the analyst to remember about this database, newest first. */
  readMemories(): Promise<readonly { content: string }[]>;
  /** Each model call's real usage, so the turn is charged what it cost. */
  recordUsage(usage: ModelUsage): void;
  /** Saved queries a person verified on this database (with the question each answers), newest first. */
  readVerifiedQueries(): Promise<readonly AgentVerifiedQuery[]>;
  /** The stored conversation, in order. */
  readHistory(): Promise<readonly AgentMessage[]>;
  /** Stores an empty answer to stream into; the chat hears of it with its first piece. */
  startAnswer(): Promise<string>;
  /** Sends a piece of an answer's text to the chat; the whole text is stored by finishAnswer. */
  streamAnswer(messageId: string, delta: string): void;
  /** Stores an answer's whole text and sends the message. */
  finishAnswer(messageId: string, content: string): Promise<void>;
  /** Removes an answer that came to nothing, and tells the chat. */
  dropAnswer(messageId: string): Promise<void>;
  /** Stores a step and sends it: every step is stored before anyone hears of it. */
  storeStep(step: AgentStep): Promise<void>;
  /** Runs SQL for this conversation; a failing statement is an outcome, not an error. */
  runQuery(input: {
    sql: string;
    title: string | null;
    readOnly: boolean;
    /** A query recorded before (a write the user just confirmed). */
    queryId?: string;
  }): Promise<AgentQueryOutcome>;
  /**
   * Reads a little of the database for the analyst's own use (a column's values): read-only, at
   * most `rowCap` rows and `timeLimitMs`, cancelled by stop, and not kept in the conversation.
   */
  lookUp(input: { sql: string; rowCap: number; timeLimitMs: number }): Promise<AgentLookup>;
  /** Records a write that waits for the user: recorded, not run. */
  recordPendingQuery(input: { sql: string; title: string | null }): Promise<string>;
  /** Records why a query never ran (refused under safe mode, rejected by the user). */
  recordQueryNotRun(input: { sql: string; queryId?: string; reason: string }): Promise<AgentQuery>;
  /**
   * Keeps a fact about the database, if the user may, pending until a person approves it on the
   * database's memory page; only then do later conversations see it.
   */
  saveMemory(content: string): Promise<{ alreadyKnown: boolean; pending: boolean }>;
  /** Charts a query of this conversation that ran. */
  createChart(input: { queryId: string; title: string; config: ChartConfig }): Promise<ChatChart>;
  /** Shows a write to the user and waits for Confirm or Reject; rejects when the turn is stopped. */
  confirmWrite(request: WriteRequest): Promise<WriteDecision>;
  /** The database's business entities, checks, scores and issues. */
  quality: AgentQuality;
}

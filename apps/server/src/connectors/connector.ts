import type { Readable } from 'node:stream';
import type { Engine, SqlDialect } from '@querent/contracts';

/** SQL dialects the statement classifier and the engines speak (their rules live in @querent/contracts). */
export type { SqlDialect };

/** A database's stored connection details: its engine's fields, plus `path` for local DuckDB files. */
export type ConnectionDetails = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Settings shared by every connector of a process, not per query. */
export interface ConnectorOptions {
  /** How long opening a connection may take before it counts as timed out. */
  connectTimeoutMs?: number;
  /** Upper bound of connections a connector keeps open to one database. */
  maxConnections?: number;
}

/** A JSON-safe cell: what a result row holds after conversion. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A row's cells in the order of the result's columns (the wire shape, see @querent/contracts). */
export type ResultRow = JsonValue[];

export interface ResultColumn {
  /** Unique within the result: a repeated name gets a suffix (`id`, `id_1`). */
  name: string;
  /** The engine's own type name, lower case where the engine has no preference; `unknown` if it says nothing. */
  type: string;
}

export interface QueryOptions {
  /** The statement is cancelled in the database once it runs longer than this. */
  timeoutMs: number;
  /** Aborting cancels the statement in the database, not only the wait for it. */
  signal?: AbortSignal;
  /** Safe mode: refuse writes before they run and let the database itself enforce read-only. */
  readOnly: boolean;
  /**
   * Told the database's own id of the connection (session) about to run the statement, before it
   * starts, by engines that can stop it from another process (`stopOrphanedStatement`), so the
   * statement can still be stopped if this process dies. Awaited; a throw fails the run.
   */
  onServerSession?: (sessionId: string) => Promise<void>;
}

/** A value sent to the database apart from the SQL, for one of its placeholders: never spliced in. */
export type BoundValue = string | number | null;

export interface RunOptions extends QueryOptions {
  /** At most this many rows come back; one more is fetched to know whether the result was cut. */
  rowCap: number;
  /**
   * Values for the statement's placeholders, in order (`$1`, `$2`… on PostgreSQL, `?` elsewhere:
   * see bound-placeholder.ts), bound by the driver. Engines that cannot bind refuse a run with any.
   */
  params?: readonly BoundValue[];
}

export interface StreamOptions extends QueryOptions {
  /** Rows per yielded batch (default 1000); also the most rows held in memory at once. */
  batchSize?: number;
}

export interface RunResult {
  rows: ResultRow[];
  columns: ResultColumn[];
  /** Exact when the result fits the cap; when cut, the total if counting finished in time, else null. */
  count: number | null;
  truncated: boolean;
  durationMs: number;
  /** Rows changed by a write, when the engine reports it; null for reads. */
  affectedRows: number | null;
}

/** A result read batch by batch for export; iterate to the end or call close() to free the connection. */
export interface ResultStream extends AsyncIterable<ResultRow[]> {
  readonly columns: ResultColumn[];
  close(): Promise<void>;
}

export interface CsvCopyOptions extends QueryOptions {
  /** At most this many rows are wanted; the copy reads one more to learn that the result has more. */
  maxRows: number;
}

/** A result written as CSV by the database itself (PostgreSQL's COPY), for fast exports. */
export interface CsvCopy {
  readonly columns: ResultColumn[];
  /** CSV records without a header, each ended by CRLF (RFC 4180), at most maxRows of them. */
  readonly body: Readable;
  /** Records read so far. */
  readonly rows: number;
  /** The result has more than maxRows rows; known for sure once the body has ended. */
  readonly truncated: boolean;
}

export interface ColumnSchema {
  name: string;
  type: string;
  nullable: boolean;
  comment: string | null;
}

export interface ForeignKeySchema {
  name: string | null;
  columns: string[];
  references: { schema: string; table: string; columns: string[] };
}

export interface TableSchema {
  name: string;
  kind: 'table' | 'view';
  comment: string | null;
  /** Cheap estimate from the engine's statistics; null when it has none. */
  rowEstimate: number | null;
  columns: ColumnSchema[];
  primaryKey: string[];
  foreignKeys: ForeignKeySchema[];
}

export interface SchemaInfo {
  schemas: { name: string; tables: TableSchema[] }[];
}

/** The one contract every engine meets; checked at boot by checkConnectors(), not at a first query. */
export interface Connector {
  readonly engine: Engine;
  readonly dialect: SqlDialect;
  /** Opens a connection and runs a trivial query; throws ConnectorError naming the cause. */
  test(): Promise<void>;
  introspect(): Promise<SchemaInfo>;
  run(sql: string, options: RunOptions): Promise<RunResult>;
  stream(sql: string, options: StreamOptions): Promise<ResultStream>;
  /**
   * Optional: the result as CSV written by the database, with values written as the CSV of
   * stream()'s rows would be. Null when this result cannot be (a column type it does not
   * cover, a statement it cannot wrap): the caller then uses stream(). Destroying the body
   * ends the statement and frees the connection.
   */
  copyCsv?(sql: string, options: CsvCopyOptions): Promise<CsvCopy | null>;
  /**
   * Optional: what the signed-in credentials may do beyond reading (server files, superuser,
   * writes and DDL when `safeMode`), with the grants that would be enough; null when nothing.
   */
  inspectCredentials?(safeMode: boolean): Promise<CredentialFindings | null>;
  /**
   * Optional: stops the statement running on a session named by `onServerSession`, opened by a
   * process that died (MySQL's KILL QUERY through a fresh connection). Nothing happens when that
   * session no longer runs anything.
   */
  stopOrphanedStatement?(sessionId: string): Promise<void>;
  /** Closes every connection; the connector is unusable afterwards. */
  close(): Promise<void>;
}

/** Powers of a login beyond reading, in plain words, and how to connect with less. */
export interface CredentialFindings {
  found: string[];
  fix: string;
}

/** The methods checkConnectors() verifies on every engine's connector class. */
export const connectorMethods = ['test', 'introspect', 'run', 'stream', 'close'] as const;

export type ConnectorClass = new (details: ConnectionDetails, options: ConnectorOptions) => Connector;

/** What each engine's connector folder exports: its engine name, dialect and connector class. */
export interface EngineModule {
  engine: Engine;
  dialect: SqlDialect;
  Connector: ConnectorClass;
}

import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type {
  ConnectionDetails,
  Connector,
  ConnectorOptions,
  EngineModule,
  QueryOptions,
  ResultColumn,
  ResultStream,
  RunOptions,
  RunResult,
  SchemaInfo,
  StreamOptions,
} from '../connector.ts';
import { ConnectorError, databaseReadOnlyError, sqlError } from '../connector-error.ts';
import { textDetail } from '../details.ts';
import { rowsFromArrays, uniqueColumnNames } from '../json-values.ts';
import { QueryControl } from '../query-control.ts';
import { type CappedResult, checkStatement, finishRun, streamFromSource } from '../run-support.ts';
import { HostGoneError, type SqliteHost, SqliteHostPool } from './hosts.ts';
import type { HostColumn, HostReply, HostRequest } from './protocol.ts';

/** Files smaller than this get exact row counts when introspected (a count is a full scan). */
const countRowsBelowBytes = 64 * 1024 * 1024;

interface Lease {
  host: SqliteHost;
  control: QueryControl;
}

type Batch = Extract<HostReply, { type: 'batch' }>;

export class SqliteConnector implements Connector {
  readonly engine = 'sqlite' as const;
  readonly dialect = 'sqlite' as const;
  readonly #filename: string;
  readonly #hosts: SqliteHostPool;

  constructor(details: ConnectionDetails, options: ConnectorOptions) {
    this.#filename = textDetail(details, 'filename') ?? '';
    this.#hosts = new SqliteHostPool(options.maxConnections ?? 2);
  }

  /** Pids of the processes running statements now; a cancelled statement's process is gone. */
  get runningPids(): number[] {
    return this.#hosts.busyPids;
  }

  async test(): Promise<void> {
    await this.run('SELECT count(*) FROM sqlite_schema', { rowCap: 1, timeoutMs: 10_000, readOnly: true });
  }

  async introspect(): Promise<SchemaInfo> {
    const lease = await this.#acquire({ timeoutMs: 120_000, readOnly: true });
    try {
      const reply = await this.#request(lease, {
        type: 'introspect',
        filename: this.#filename,
        readOnly: true,
        countRowsBelowBytes,
      });
      if (reply.type !== 'schema') throw new Error(`Unexpected SQLite reply ${reply.type}`);
      return reply.schema;
    } finally {
      this.#hosts.release(lease.host);
      lease.control.dispose();
    }
  }

  async run(sql: string, options: RunOptions): Promise<RunResult> {
    const startedAt = performance.now();
    const isRead = await checkStatement(sql, this.dialect, options.readOnly);
    const capped = await this.#runCapped(sql, options);
    return finishRun(this, sql, options, startedAt, capped, isRead);
  }

  async stream(sql: string, options: StreamOptions): Promise<ResultStream> {
    await checkStatement(sql, this.dialect, options.readOnly);
    const batchSize = options.batchSize ?? 1000;
    const lease = await this.#acquire(options);
    let done = false;
    const release = async (): Promise<void> => {
      if (lease.control.hardStopped) lease.host.kill();
      else if (!done && lease.host.alive) await lease.host.request({ type: 'close' }).catch(() => undefined);
      this.#hosts.release(lease.host);
      lease.control.dispose();
    };
    try {
      const first = await this.#open(lease, sql, options.readOnly, batchSize);
      done = first.done;
      const columns = toColumns(first.columns);
      return streamFromSource(
        {
          columns,
          first: rowsFromArrays(columns, first.rows),
          next: async () => {
            if (done) return null;
            const batch = await this.#request(lease, { type: 'next', batchSize });
            if (batch.type !== 'batch') throw new Error(`Unexpected SQLite reply ${batch.type}`);
            done = batch.done;
            return rowsFromArrays(columns, batch.rows);
          },
          release,
        },
        lease.control,
      );
    } catch (error) {
      await release();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.#hosts.close();
  }

  async #runCapped(sql: string, options: RunOptions): Promise<CappedResult> {
    const lease = await this.#acquire(options);
    try {
      const batch = await this.#open(lease, sql, options.readOnly, options.rowCap + 1, options.params);
      if (!batch.done) await this.#request(lease, { type: 'close' });
      const columns = toColumns(batch.columns);
      return {
        rows: rowsFromArrays(columns, batch.rows.slice(0, options.rowCap)),
        columns,
        truncated: batch.rows.length > options.rowCap,
        affectedRows: batch.affectedRows,
      };
    } finally {
      this.#hosts.release(lease.host);
      lease.control.dispose();
    }
  }

  async #open(
    lease: Lease,
    sql: string,
    readOnly: boolean,
    batchSize: number,
    params?: RunOptions['params'],
  ): Promise<Batch> {
    const reply = await this.#request(lease, {
      type: 'open',
      filename: this.#filename,
      readOnly,
      sql,
      batchSize,
      ...(params === undefined ? {} : { params }),
    });
    if (reply.type !== 'batch') throw new Error(`Unexpected SQLite reply ${reply.type}`);
    return reply;
  }

  async #acquire(options: QueryOptions): Promise<Lease> {
    if (!this.#filename)
      throw new ConnectorError('missing_database', 'No SQLite file is set — fill in the file name.');
    try {
      // Readable is enough: SQLite opens a write-protected file read-only and reports writes itself.
      await access(this.#filename, constants.R_OK);
    } catch (error) {
      throw fileError(this.#filename, error);
    }
    const control = new QueryControl({ timeoutMs: options.timeoutMs, signal: options.signal });
    try {
      control.throwIfStopped();
      const host = await control.take(this.#hosts.acquire(), (late) => this.#hosts.release(late));
      if (control.reason) {
        this.#hosts.release(host);
        throw control.error();
      }
      // Killing the process is the only way to stop a running SQLite statement from outside.
      control.setCanceller(async () => {
        host.kill();
        await host.killed();
      });
      return { host, control };
    } catch (error) {
      control.dispose();
      throw error;
    }
  }

  async #request(lease: Lease, request: HostRequest): Promise<HostReply> {
    let reply: HostReply;
    try {
      reply = await lease.control.race(lease.host.request(request));
    } catch (error) {
      if (lease.control.reason) throw lease.control.error(error);
      if (error instanceof HostGoneError) throw new ConnectorError('sql', error.message, { cause: error });
      throw error;
    }
    // A stop that came just as the statement finished still wins: the user asked to stop.
    lease.control.throwIfStopped();
    if (reply.type === 'error') throw statementError(this.#filename, reply);
    return reply;
  }
}

function toColumns(columns: readonly HostColumn[]): ResultColumn[] {
  const names = uniqueColumnNames(columns.map((column) => column.name));
  return columns.map((column, index) => ({
    name: names[index] ?? column.name,
    type: column.type ? column.type.toLowerCase() : 'unknown',
  }));
}

function fileError(filename: string, error: unknown): ConnectorError {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') {
    return new ConnectorError(
      'missing_database',
      `Database file ${filename} does not exist — check the path.`,
      {
        cause: error,
        code,
      },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectorError(
    'auth',
    `Querent may not open ${filename} — check the file's permissions (${message})`,
    {
      cause: error,
      code: typeof code === 'string' ? code : null,
    },
  );
}

function statementError(filename: string, reply: Extract<HostReply, { type: 'error' }>): ConnectorError {
  const cause = Object.assign(new Error(reply.message), { code: reply.code });
  if (reply.code === 'SQLITE_READONLY') return databaseReadOnlyError(cause);
  if (reply.code === 'SQLITE_NOTADB') {
    return new ConnectorError('missing_database', `${filename} is not a SQLite database (${reply.message})`, {
      cause,
      code: reply.code,
    });
  }
  if (reply.code === 'SQLITE_CANTOPEN') {
    return new ConnectorError(
      'missing_database',
      `Cannot open the SQLite file ${filename} (${reply.message})`,
      {
        cause,
        code: reply.code,
      },
    );
  }
  return sqlError(cause);
}

export const sqliteEngine: EngineModule = {
  engine: 'sqlite',
  dialect: 'sqlite',
  Connector: SqliteConnector,
};

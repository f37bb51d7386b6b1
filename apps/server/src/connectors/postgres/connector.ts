import pg from 'pg';
import Cursor from 'pg-cursor';
import type {
  CredentialFindings,
  ConnectionDetails,
  Connector,
  ConnectorOptions,
  CsvCopy,
  CsvCopyOptions,
  EngineModule,
  QueryOptions,
  ResultColumn,
  ResultStream,
  RunOptions,
  RunResult,
  SchemaInfo,
  StreamOptions,
} from '../connector.ts';
import {
  ConnectorError,
  authError,
  databaseReadOnlyError,
  driverErrorFields,
  missingDatabaseError,
  networkError,
  sqlError,
  timeoutError,
} from '../connector-error.ts';
import { portDetail, secretDetail, textDetail, textDetailOr } from '../details.ts';
import { rowsFromArrays, uniqueColumnNames } from '../json-values.ts';
import { PostgresCappedRead } from './capped-read.ts';
import { type PostgresCredentialRow, postgresCredentialSql, postgresFindings } from './credentials.ts';
import { PostgresCopyOut, PostgresDescribe, copyCsvSql } from './copy.ts';
import { introspectPostgres } from './introspect.ts';
import { PostgresTypeNames, postgresResultTypes } from './types.ts';
import { type WireField, cellsAsText, textCellConverter } from './values.ts';
import { QueryControl } from '../query-control.ts';
import { type CappedResult, checkStatement, finishRun, streamFromSource } from '../run-support.ts';

/** A pooled connection held for one statement, with what it takes to stop and return it. */
interface Lease {
  client: pg.PoolClient;
  control: QueryControl;
  pid: number;
  inTransaction: boolean;
  /** The statement changed session state (SET, BEGIN…): the connection must not be reused. */
  tainted: boolean;
}

interface CursorBatch {
  rows: (string | null)[][];
  result: pg.QueryResult;
}

/** Commands that leave state on the session; a connection that ran one is closed, not pooled. */
const sessionCommands = new Set([
  'SET',
  'RESET',
  'BEGIN',
  'START',
  'SAVEPOINT',
  'PREPARE',
  'DECLARE',
  'LISTEN',
]);

/** How often a backend checks that Querent is still there while a statement runs. */
export const CLIENT_CHECK_INTERVAL_MS = 2000;

/**
 * A backend whose client died (Querent killed, the network lost) notices within seconds and
 * stops the statement, instead of running on to its timeout. The setting exists from PostgreSQL
 * 14 on; reading it through pg_settings leaves older servers alone instead of failing.
 */
const watchClientSql = `SELECT set_config(name, '${CLIENT_CHECK_INTERVAL_MS}', false) FROM pg_settings WHERE name = 'client_connection_check_interval'`;

export class PostgresConnector implements Connector {
  readonly engine = 'postgres' as const;
  readonly dialect = 'postgres' as const;
  readonly #config: pg.ClientConfig;
  readonly #pool: pg.Pool;
  readonly #typeNames = new PostgresTypeNames();
  readonly #host: string;
  readonly #port: number;

  constructor(details: ConnectionDetails, options: ConnectorOptions) {
    this.#host = textDetailOr(details, 'host', 'localhost');
    this.#port = portDetail(details, 'postgres');
    this.#config = {
      host: this.#host,
      port: this.#port,
      user: textDetailOr(details, 'user', 'postgres'),
      password: secretDetail(details, 'password'),
      database: textDetail(details, 'database') ?? undefined,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      application_name: 'querent',
      keepAlive: true,
      types: postgresResultTypes,
    };
    this.#pool = new pg.Pool({
      ...this.#config,
      max: options.maxConnections ?? 5,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
    });
    // An idle connection dropped by the server is removed by the pool; the next query reports it.
    this.#pool.on('error', () => undefined);
    // Queued before the connection's first statement, so every backend watches its client.
    this.#pool.on('connect', (client) => {
      // A backend ended while its connection is lent out (pg_terminate_backend, a failover) fails
      // the statement, which reports it; the client's own error event must not crash the server.
      client.on('error', () => undefined);
      client.query(watchClientSql).catch(() => undefined);
    });
  }

  async inspectCredentials(safeMode: boolean): Promise<CredentialFindings | null> {
    // Our own catalog read, which the safe-mode grammar does not follow: run as it is.
    const result = await this.run(postgresCredentialSql, { rowCap: 1, timeoutMs: 10_000, readOnly: false });
    const [row] = result.rows;
    if (!row) return null;
    const named = Object.fromEntries(result.columns.map((column, index) => [column.name, row[index]]));
    return postgresFindings(named as unknown as PostgresCredentialRow, safeMode);
  }

  async test(): Promise<void> {
    const client = await this.#connect();
    try {
      await client.query('SELECT 1');
    } catch (error) {
      throw sqlError(error);
    } finally {
      client.release();
    }
  }

  async introspect(): Promise<SchemaInfo> {
    const lease = await this.#acquire({ timeoutMs: 120_000, readOnly: true });
    lease.control.setCanceller(() => this.#cancelBackend(lease.pid));
    try {
      return await lease.control.race(introspectPostgres(lease.client));
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      await this.#release(lease);
    }
  }

  async run(sql: string, options: RunOptions): Promise<RunResult> {
    const startedAt = performance.now();
    // Safe mode refuses a write before anything runs. Otherwise the verdict only decides whether a
    // cut result may be counted (by running it again), so its parse waits until a result is cut.
    const checked = options.readOnly ? await checkStatement(sql, this.dialect, true) : null;
    const capped = await this.#runCapped(sql, options);
    const isRead = checked ?? (capped.truncated && (await checkStatement(sql, this.dialect, false)));
    return finishRun(this, sql, options, startedAt, capped, isRead);
  }

  async stream(sql: string, options: StreamOptions): Promise<ResultStream> {
    await checkStatement(sql, this.dialect, options.readOnly);
    const batchSize = options.batchSize ?? 1000;
    const lease = await this.#acquire(options);
    const cursor = lease.client.query(
      new Cursor<(string | null)[]>(sql, [], { rowMode: 'array', types: cellsAsText }),
    );
    lease.control.setCanceller(() => this.#cancelBackend(lease.pid));
    const read = async (): Promise<CursorBatch> => {
      try {
        return await lease.control.race(readCursor(cursor, batchSize));
      } catch (error) {
        throw this.#statementError(error, lease.control);
      }
    };
    try {
      const first = await read();
      // The cursor stays open on the leased connection, so type names are looked up elsewhere:
      // a query sent behind it would wait until the whole result had been read.
      const columns = await this.#columns(lease, first.result.fields, 'fresh connection');
      const convert = textCellConverter(first.result.fields);
      return streamFromSource(
        {
          columns,
          first: rowsFromArrays(columns, first.rows, convert),
          next: async () => {
            const batch = await read();
            return batch.rows.length > 0 ? rowsFromArrays(columns, batch.rows, convert) : null;
          },
          release: async () => {
            // Closing the cursor needs the server; after giving up on it the connection is destroyed anyway.
            if (!lease.control.hardStopped) await cursor.close().catch(() => undefined);
            await this.#release(lease);
          },
        },
        lease.control,
      );
    } catch (error) {
      await this.#release(lease);
      throw this.#statementError(error, lease.control);
    }
  }

  /**
   * The result as PostgreSQL's own CSV (COPY … TO STDOUT), on one leased connection: Describe
   * first, to learn the columns and whether COPY can write them like the generic path; a
   * statement that cannot be described or wrapped answers null, and stream() then reports it.
   */
  async copyCsv(sql: string, options: CsvCopyOptions): Promise<CsvCopy | null> {
    await checkStatement(sql, this.dialect, options.readOnly);
    const lease = await this.#acquire(options);
    lease.control.setCanceller(() => this.#cancelBackend(lease.pid));
    let copy: PostgresCopyOut;
    let columns: ResultColumn[];
    try {
      const fields = await lease.control.race(lease.client.query(new PostgresDescribe(sql)).result);
      const text = fields.length > 0 ? copyCsvSql(sql, fields, options.maxRows) : null;
      if (text === null) {
        await this.#release(lease);
        return null;
      }
      columns = await this.#columns(lease, fields);
      copy = lease.client.query(new PostgresCopyOut(text));
      await lease.control.race(copy.started);
    } catch (error) {
      await this.#release(lease);
      // 42601: the wrapped statement does not parse (a trailing `;` before a comment…).
      if (lease.control.reason === null && driverErrorFields(error).code === '42601') return null;
      throw this.#statementError(error, lease.control);
    }
    let released = false;
    copy.body.once('close', () => {
      released = true;
      // Closed before the end (the client left, or the export failed): stop the statement.
      if (!copy.body.readableEnded) lease.control.stop('cancelled');
      void this.#release(lease);
    });
    lease.control.onGiveUp(() => {
      if (!released) copy.body.destroy(this.#statementError(new Error('cancelled'), lease.control));
    });
    return { columns, body: copy.body };
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }

  /** Reads at most rowCap + 1 rows in one round trip: one more than shown tells whether the result was cut. */
  async #runCapped(sql: string, options: RunOptions): Promise<CappedResult> {
    const lease = await this.#acquire(options);
    try {
      const read = lease.client.query(new PostgresCappedRead(sql, options.rowCap));
      lease.control.setCanceller(() => this.#cancelBackend(lease.pid));
      const result = await lease.control.race(read.result);
      lease.control.setCanceller(null);
      lease.control.throwIfStopped();
      if (result.command !== null && sessionCommands.has(result.command)) lease.tainted = true;
      return {
        rows: result.rows,
        columns: await this.#columns(lease, result.fields),
        truncated: result.truncated,
        affectedRows: result.fields.length === 0 ? result.rowCount : null,
      };
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      await this.#release(lease);
    }
  }

  async #connect(): Promise<pg.PoolClient> {
    try {
      return await this.#pool.connect();
    } catch (error) {
      throw this.#connectionError(error);
    }
  }

  /**
   * Takes a connection and sets it up for one statement in one round trip: the server enforces
   * the time limit, and safe mode runs inside a READ ONLY transaction. Taking a snapshot
   * (SELECT) right away means the statement can no longer switch the transaction to read-write.
   */
  async #acquire(options: QueryOptions): Promise<Lease> {
    const control = new QueryControl({
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      timerSlackMs: 1000,
    });
    let client: pg.PoolClient | undefined;
    try {
      control.throwIfStopped();
      client = await control.take(this.#connect(), (late) => late.release());
      const limit = Math.max(1, Math.ceil(options.timeoutMs));
      const setup = options.readOnly
        ? `BEGIN READ ONLY; SET LOCAL statement_timeout = ${limit}; SELECT pg_backend_pid() AS pid`
        : `SET statement_timeout = ${limit}; SELECT pg_backend_pid() AS pid`;
      const results: unknown = await control.race(client.query(setup));
      // A stop while setting up: nothing was started, so the connection is simply dropped.
      control.throwIfStopped();
      return { client, control, pid: backendPid(results), inTransaction: options.readOnly, tainted: false };
    } catch (error) {
      client?.release(true);
      control.dispose();
      throw error instanceof ConnectorError ? error : this.#statementError(error, control);
    }
  }

  async #release(lease: Lease): Promise<void> {
    const { client, control } = lease;
    control.setCanceller(null);
    // A cancel still on its way could hit whatever runs next on this connection: close it instead.
    await control.cancelSettled();
    let destroy = control.hardStopped || control.cancelRequested || lease.tainted;
    if (!destroy && lease.inTransaction) {
      try {
        await client.query('ROLLBACK');
      } catch {
        destroy = true;
      }
    }
    client.release(destroy ? true : undefined);
    control.dispose();
  }

  /** Asks the server to cancel the backend's statement, over a fresh connection so a full pool cannot block it. */
  async #cancelBackend(pid: number): Promise<void> {
    const client = new pg.Client(this.#config);
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async #columns(
    lease: Lease,
    fields: readonly WireField[],
    lookup: 'leased connection' | 'fresh connection' = 'leased connection',
  ): Promise<ResultColumn[]> {
    const typeIds = fields.map((field) => field.dataTypeID);
    if (this.#typeNames.unknown(typeIds).length > 0) {
      const loading =
        lookup === 'leased connection'
          ? this.#typeNames.load(lease.client, typeIds)
          : this.#loadTypeNamesApart(typeIds);
      await lease.control.race(loading).catch(() => undefined);
    }
    const names = uniqueColumnNames(fields.map((field) => field.name));
    return fields.map((field, index) => ({
      name: names[index] ?? field.name,
      type: this.#typeNames.name(field.dataTypeID),
    }));
  }

  /** Type names over a short-lived connection of its own, for when the leased one is busy. */
  async #loadTypeNamesApart(typeIds: readonly number[]): Promise<void> {
    const client = new pg.Client(this.#config);
    client.on('error', () => undefined);
    try {
      await client.connect();
      await this.#typeNames.load(client, typeIds);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  #statementError(error: unknown, control: QueryControl): ConnectorError {
    if (error instanceof ConnectorError) return error;
    if (control.reason) return control.error(error);
    // node-postgres puts the SQLSTATE in `code`.
    const { code, message } = driverErrorFields(error);
    if (code === '57014' && /statement timeout/.test(message))
      return timeoutError(control.timeoutMs, error, true);
    if (code === '25006') return databaseReadOnlyError(error);
    return networkError(error, this.#host, this.#port) ?? sqlError(error);
  }

  #connectionError(error: unknown): ConnectorError {
    const { code, message } = driverErrorFields(error);
    const user = this.#config.user ?? '';
    if (code === '28P01' || code === '28000') return authError(user, error);
    if (code === '3D000') return missingDatabaseError(this.#config.database ?? user, error);
    return (
      networkError(error, this.#host, this.#port) ??
      new ConnectorError('unreachable', `Cannot connect to ${this.#host}:${this.#port} (${message})`, {
        cause: error,
      })
    );
  }
}

function readCursor(cursor: Cursor<(string | null)[]>, count: number): Promise<CursorBatch> {
  return new Promise((resolve, reject) => {
    cursor.read(count, (error, rows, result) => {
      if (error) reject(error);
      else resolve({ rows, result });
    });
  });
}

/** The pid from the setup query's last result (a multi-statement query returns one result each). */
function backendPid(results: unknown): number {
  const last: unknown = Array.isArray(results) ? results.at(-1) : results;
  const rows = (last as { rows?: { pid?: unknown }[] } | undefined)?.rows;
  const pid = rows?.[0]?.pid;
  if (typeof pid !== 'number') throw new Error('PostgreSQL did not report the backend pid');
  return pid;
}

export const postgresEngine: EngineModule = {
  engine: 'postgres',
  dialect: 'postgres',
  Connector: PostgresConnector,
};

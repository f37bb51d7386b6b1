import { checkQuestionMarks } from '../bound-placeholder.ts';
import type { Pool, PoolConnection, PoolOptions } from 'mysql2';
import { loadOnce } from '../../load-once.ts';
import type {
  CredentialFindings,
  ConnectionDetails,
  Connector,
  ConnectorOptions,
  EngineModule,
  QueryOptions,
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
import { rowsFromArrays } from '../json-values.ts';
import { mysqlFindings } from './credentials.ts';
import { introspectMysql, queryRows } from './introspect.ts';
import { MysqlRowReader, mysqlCellConverter, mysqlColumns } from './rows.ts';
import { QueryControl } from '../query-control.ts';
import {
  type CappedResult,
  checkStatement,
  finishRun,
  openingWord,
  streamFromSource,
} from '../run-support.ts';

interface Session {
  mariadb: boolean;
  /** The server-side limit last set on this connection, so it is only sent when it changes. */
  limitMs: number | null;
}

interface Lease {
  connection: PoolConnection;
  control: QueryControl;
  inTransaction: boolean;
  /** Destroy instead of pooling: session state changed, or a statement may still be running. */
  discard: boolean;
}

/** Statements that leave state on the session (variables, current database, transactions, locks). */
const sessionWords = new Set([
  'SET',
  'USE',
  'BEGIN',
  'START',
  'LOCK',
  'UNLOCK',
  'XA',
  'SAVEPOINT',
  'PREPARE',
  'HANDLER',
]);
/** The driver loads at the first MySQL connection rather than with the app. */
const loadMysql = loadOnce(async () => (await import('mysql2')).default);

/** Server-side limit slack: our own timer fires first and KILLs, the server's limit is the backstop. */
const serverLimitSlackMs = 1000;

export class MysqlConnector implements Connector {
  readonly engine = 'mysql' as const;
  readonly dialect = 'mysql' as const;
  readonly #options: PoolOptions;
  readonly #database: string | null;
  readonly #sessions = new WeakMap<PoolConnection, Session>();
  /** Safe mode has its own pool whose sessions are READ ONLY for good, so DDL's implicit commit cannot escape. */
  #readOnlyPool: Pool | null = null;
  #readWritePool: Pool | null = null;

  constructor(details: ConnectionDetails, options: ConnectorOptions) {
    this.#database = textDetail(details, 'database');
    this.#options = {
      host: textDetailOr(details, 'host', 'localhost'),
      port: portDetail(details, 'mysql'),
      user: textDetailOr(details, 'user', 'root'),
      password: secretDetail(details, 'password'),
      database: this.#database ?? undefined,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
      connectionLimit: options.maxConnections ?? 5,
      idleTimeout: 30_000,
      enableKeepAlive: true,
      supportBigNumbers: true,
      dateStrings: true,
      multipleStatements: false,
    };
  }

  async inspectCredentials(safeMode: boolean): Promise<CredentialFindings | null> {
    const options = { rowCap: 100, timeoutMs: 10_000, readOnly: true };
    const grants = await this.run('SHOW GRANTS', options);
    const login = await this.run('SELECT CURRENT_USER()', options);
    const text = (cell: unknown): string => (typeof cell === 'string' ? cell : '');
    return mysqlFindings(
      grants.rows.map((row) => text(row[0])),
      text(login.rows[0]?.[0]) || 'this user',
      this.#database ?? 'your_database',
      safeMode,
    );
  }

  async test(): Promise<void> {
    const lease = await this.#acquire({ timeoutMs: 10_000, readOnly: true });
    try {
      await lease.control.race(queryRows(lease.connection, 'SELECT 1'));
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      await this.#release(lease);
    }
  }

  async introspect(): Promise<SchemaInfo> {
    const lease = await this.#acquire({ timeoutMs: 120_000, readOnly: true });
    const threadId = lease.connection.threadId;
    lease.control.setCanceller(() => this.#killQuery(threadId));
    try {
      return await lease.control.race(introspectMysql(lease.connection, this.#database));
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      await this.#release(lease);
    }
  }

  async run(sql: string, options: RunOptions): Promise<RunResult> {
    const startedAt = performance.now();
    checkQuestionMarks(sql, options.params);
    const isRead = await checkStatement(sql, this.dialect, options.readOnly);
    const capped = await this.#runCapped(sql, options);
    return finishRun(this, sql, options, startedAt, capped, isRead);
  }

  async stream(sql: string, options: StreamOptions): Promise<ResultStream> {
    await checkStatement(sql, this.dialect, options.readOnly);
    const batchSize = options.batchSize ?? 1000;
    const lease = await this.#acquire(options);
    const reader = this.#start(lease, sql, batchSize);
    const read = async (): Promise<unknown[][]> => {
      try {
        return await lease.control.race(reader.read(batchSize));
      } catch (error) {
        throw this.#statementError(error, lease.control);
      }
    };
    try {
      const first = await read();
      const columns = mysqlColumns(reader.fields);
      const convert = mysqlCellConverter(reader.fields);
      return streamFromSource(
        {
          columns,
          first: rowsFromArrays(columns, first, convert),
          next: async () => {
            const batch = await read();
            return batch.length > 0 ? rowsFromArrays(columns, batch, convert) : null;
          },
          release: () => this.#finish(lease, reader),
        },
        lease.control,
      );
    } catch (error) {
      await this.#finish(lease, reader);
      throw this.#statementError(error, lease.control);
    }
  }

  async close(): Promise<void> {
    const pools = [this.#readOnlyPool, this.#readWritePool];
    this.#readOnlyPool = null;
    this.#readWritePool = null;
    await Promise.all(pools.map((pool) => (pool ? endPool(pool) : Promise.resolve())));
  }

  async #runCapped(sql: string, options: RunOptions): Promise<CappedResult> {
    const lease = await this.#acquire(options);
    const reader = this.#start(lease, sql, options.rowCap + 1, options.params);
    try {
      const rows = await lease.control.race(reader.read(options.rowCap + 1));
      lease.control.throwIfStopped();
      const columns = mysqlColumns(reader.fields);
      return {
        rows: rowsFromArrays(columns, rows.slice(0, options.rowCap), mysqlCellConverter(reader.fields)),
        columns,
        truncated: rows.length > options.rowCap,
        affectedRows: reader.fields.length === 0 ? reader.affectedRows : null,
      };
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      await this.#finish(lease, reader);
    }
  }

  #start(lease: Lease, sql: string, highWater: number, params?: RunOptions['params']): MysqlRowReader {
    if (sessionWords.has(openingWord(sql, this.dialect))) lease.discard = true;
    const reader = new MysqlRowReader(lease.connection, sql, highWater, params);
    const threadId = lease.connection.threadId;
    lease.control.setCanceller(() => this.#killQuery(threadId));
    return reader;
  }

  /** Stops what is left of a statement (a cut result, an early close) before the connection goes back. */
  async #finish(lease: Lease, reader: MysqlRowReader): Promise<void> {
    lease.control.setCanceller(null);
    if (!reader.finished) {
      // The server would keep producing rows into a paused socket; stop it there and drop the connection.
      lease.discard = true;
      await this.#killQuery(lease.connection.threadId).catch(() => undefined);
    }
    await this.#release(lease);
  }

  async #acquire(options: QueryOptions): Promise<Lease> {
    const control = new QueryControl({ timeoutMs: options.timeoutMs, signal: options.signal });
    let connection: PoolConnection | undefined;
    try {
      control.throwIfStopped();
      connection = await control.take(this.#connect(options.readOnly), (late) => late.release());
      const session = await control.race(this.#session(connection, options.readOnly));
      const limitMs = Math.ceil(options.timeoutMs) + serverLimitSlackMs;
      if (session.limitMs !== limitMs) {
        // MariaDB's limit is in seconds and covers every statement; MySQL's covers SELECTs, in ms.
        const setting = session.mariadb
          ? `SET SESSION max_statement_time = ${limitMs / 1000}`
          : `SET SESSION max_execution_time = ${limitMs}`;
        await control.race(queryRows(connection, setting));
        session.limitMs = limitMs;
      }
      if (options.readOnly) await control.race(queryRows(connection, 'START TRANSACTION READ ONLY'));
      // A stop while setting up: nothing was started, so the connection is simply dropped.
      control.throwIfStopped();
      // threadId is the id the server gave this connection in its handshake: CONNECTION_ID().
      if (options.onServerSession) await control.race(options.onServerSession(String(connection.threadId)));
      return { connection, control, inTransaction: options.readOnly, discard: false };
    } catch (error) {
      connection?.destroy();
      control.dispose();
      throw error instanceof ConnectorError ? error : this.#statementError(error, control);
    }
  }

  async #release(lease: Lease): Promise<void> {
    const { connection, control } = lease;
    control.setCanceller(null);
    await control.cancelSettled();
    let discard = lease.discard || control.hardStopped || control.cancelRequested;
    if (!discard && lease.inTransaction) {
      try {
        await queryRows(connection, 'ROLLBACK');
      } catch {
        discard = true;
      }
    }
    if (discard) connection.destroy();
    else connection.release();
    control.dispose();
  }

  async #pool(readOnly: boolean): Promise<Pool> {
    const mysql = await loadMysql();
    if (readOnly) {
      this.#readOnlyPool ??= mysql.createPool(this.#options);
      return this.#readOnlyPool;
    }
    this.#readWritePool ??= mysql.createPool(this.#options);
    return this.#readWritePool;
  }

  async #connect(readOnly: boolean): Promise<PoolConnection> {
    const pool = await this.#pool(readOnly);
    return new Promise((resolve, reject) => {
      pool.getConnection((error, connection) => {
        if (error) reject(this.#connectionError(error));
        else resolve(connection);
      });
    });
  }

  /** Set up once per connection; connections of the safe-mode pool become READ ONLY for their whole life. */
  async #session(connection: PoolConnection, readOnly: boolean): Promise<Session> {
    const known = this.#sessions.get(connection);
    if (known) return known;
    if (readOnly) await queryRows(connection, 'SET SESSION TRANSACTION READ ONLY');
    const [row] = await queryRows<{ version: string }>(connection, 'SELECT VERSION() AS version');
    const session = { mariadb: /mariadb/i.test(row?.version ?? ''), limitMs: null };
    this.#sessions.set(connection, session);
    return session;
  }

  async stopOrphanedStatement(sessionId: string): Promise<void> {
    const threadId = Number(sessionId);
    if (!Number.isSafeInteger(threadId) || threadId <= 0)
      throw new Error(`Not a MySQL connection id: ${sessionId}`);
    await this.#killQuery(threadId).catch((error: unknown) => {
      // 1094 "Unknown thread id": the session is gone already, so its statement is too.
      if (driverErrorFields(error).errno !== 1094) throw error;
    });
  }

  /** KILL QUERY from a separate connection: the statement stops in the server, the session survives. */
  async #killQuery(threadId: number): Promise<void> {
    const mysql = await loadMysql();
    const connection = mysql.createConnection({ ...this.#options, connectTimeout: 5000 });
    connection.on('error', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        connection.query(`KILL QUERY ${threadId}`, (error) => (error ? reject(error) : resolve()));
      });
    } finally {
      connection.destroy();
    }
  }

  #statementError(error: unknown, control: QueryControl): ConnectorError {
    if (error instanceof ConnectorError) return error;
    if (control.reason) return control.error(error);
    const { errno } = driverErrorFields(error);
    // 1969: MariaDB max_statement_time; 3024: MySQL max_execution_time.
    if (errno === 1969 || errno === 3024) return timeoutError(control.timeoutMs, error, true);
    if (errno === 1792) return databaseReadOnlyError(error);
    return networkError(error, String(this.#options.host), Number(this.#options.port)) ?? sqlError(error);
  }

  #connectionError(error: unknown): ConnectorError {
    const { errno, message } = driverErrorFields(error);
    const host = String(this.#options.host);
    const port = Number(this.#options.port);
    if (errno === 1045 || errno === 1044 || errno === 1698)
      return authError(String(this.#options.user), error);
    if (errno === 1049) return missingDatabaseError(this.#database ?? '', error);
    return (
      networkError(error, host, port) ??
      new ConnectorError('unreachable', `Cannot connect to ${host}:${port} (${message})`, { cause: error })
    );
  }
}

function endPool(pool: Pool): Promise<void> {
  return new Promise((resolve) => {
    pool.end(() => resolve());
  });
}

export const mysqlEngine: EngineModule = {
  engine: 'mysql',
  dialect: 'mysql',
  Connector: MysqlConnector,
};

import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { DuckDBConnection, DuckDBInstance, DuckDBResult, DuckDBTypeId } from '@duckdb/node-api';
import type {
  ConnectionDetails,
  Connector,
  ConnectorOptions,
  EngineModule,
  JsonValue,
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
  sqlError,
} from '../connector-error.ts';
import { secretDetail, textDetail } from '../details.ts';
import { type DuckdbApi, loadDuckdb } from './driver.ts';
import { introspectDuckdb } from './introspect.ts';
import { numberFromDecimalText, rowsFromArrays, toJsonValue, uniqueColumnNames } from '../json-values.ts';
import { QueryControl } from '../query-control.ts';
import { type CappedResult, checkStatement, finishRun, streamFromSource } from '../run-support.ts';

interface OpenInstance {
  /** The driver, loaded at the first open. */
  duckdb: DuckdbApi;
  readOnly: boolean;
  instance: DuckDBInstance;
  active: number;
  retired: boolean;
}

interface Lease {
  open: OpenInstance;
  connection: DuckDBConnection;
  control: QueryControl;
}

/** Types DuckDB's JSON conversion prints as text to stay exact; they become numbers when nothing is lost. */
function isExactType(duckdb: DuckdbApi, type: DuckDBTypeId): boolean {
  const types = duckdb.DuckDBTypeId;
  return (
    type === types.BIGINT ||
    type === types.UBIGINT ||
    type === types.HUGEINT ||
    type === types.UHUGEINT ||
    type === types.DECIMAL
  );
}

/**
 * DuckDB files (uploads, local .duckdb) and MotherDuck (`md:`). Safe mode opens the database with
 * access_mode READ_ONLY; local files also lose all other file-system access, so SQL cannot read or
 * write files of the server (read_csv('/etc/passwd'), COPY … TO).
 */
export class DuckdbConnector implements Connector {
  readonly engine = 'motherduck' as const;
  readonly dialect = 'duckdb' as const;
  readonly #path: string | null;
  readonly #database: string | null;
  readonly #token: string | undefined;
  #current: Promise<OpenInstance> | null = null;
  #closed = false;

  constructor(details: ConnectionDetails, _options: ConnectorOptions) {
    this.#path = textDetail(details, 'path');
    this.#database = textDetail(details, 'database');
    this.#token = secretDetail(details, 'token');
  }

  async test(): Promise<void> {
    await this.run('SELECT 1', { rowCap: 1, timeoutMs: 30_000, readOnly: true });
  }

  async introspect(): Promise<SchemaInfo> {
    const lease = await this.#acquire({ timeoutMs: 120_000, readOnly: true }, true);
    try {
      return await lease.control.race(introspectDuckdb(lease.connection));
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      this.#release(lease);
    }
  }

  async run(sql: string, options: RunOptions): Promise<RunResult> {
    const startedAt = performance.now();
    const isRead = await checkStatement(sql, this.dialect, options.readOnly, (text) =>
      this.#parsesAsSelect(text),
    );
    const capped = await this.#runCapped(sql, options);
    return finishRun(this, sql, options, startedAt, capped, isRead);
  }

  async stream(sql: string, options: StreamOptions): Promise<ResultStream> {
    await checkStatement(sql, this.dialect, options.readOnly, (text) => this.#parsesAsSelect(text));
    const batchSize = options.batchSize ?? 1000;
    const lease = await this.#acquire(options);
    try {
      const result = await lease.control.race(lease.connection.stream(sql));
      const { columns, convert } = describe(result, lease.open.duckdb);
      const readChunk = chunkReader(result, lease.open.duckdb);
      const read = async (): Promise<unknown[][]> => {
        try {
          return await lease.control.race(readChunk(batchSize));
        } catch (error) {
          throw this.#statementError(error, lease.control);
        }
      };
      const first = await read();
      return streamFromSource(
        {
          columns,
          first: rowsFromArrays(columns, first, convert),
          next: async () => {
            const batch = await read();
            return batch.length > 0 ? rowsFromArrays(columns, batch, convert) : null;
          },
          release: () => Promise.resolve(this.#release(lease)),
        },
        lease.control,
      );
    } catch (error) {
      this.#release(lease);
      throw this.#statementError(error, lease.control);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const current = this.#current;
    this.#current = null;
    const open = await current?.catch(() => null);
    if (open) this.#retire(open);
  }

  async #runCapped(sql: string, options: RunOptions): Promise<CappedResult> {
    const lease = await this.#acquire(options);
    try {
      const params = options.params ?? [];
      const result = await lease.control.race(
        params.length > 0 ? lease.connection.stream(sql, [...params]) : lease.connection.stream(sql),
      );
      const { duckdb } = lease.open;
      if (result.returnType === duckdb.ResultReturnType.CHANGED_ROWS) {
        const [changed] = await lease.control.race(chunkReader(result, duckdb)(1));
        return { rows: [], columns: [], truncated: false, affectedRows: Number(changed?.[0] ?? 0) };
      }
      const { columns, convert } = describe(result, duckdb);
      const rows = await lease.control.race(chunkReader(result, duckdb)(options.rowCap + 1));
      lease.control.throwIfStopped();
      return {
        rows: rowsFromArrays(columns, rows.slice(0, options.rowCap), convert),
        columns,
        truncated: rows.length > options.rowCap,
        affectedRows: null,
      };
    } catch (error) {
      throw this.#statementError(error, lease.control);
    } finally {
      this.#release(lease);
    }
  }

  /**
   * DuckDB's own parser, for DuckDB syntax the generic grammar lacks (HUGEINT, FROM-first…): one
   * statement whose prepared type is SELECT. Preparing plans the statement without running it.
   */
  async #parsesAsSelect(sql: string): Promise<boolean> {
    const lease = await this.#acquire({ timeoutMs: 10_000, readOnly: true }, true);
    try {
      const statements = await lease.connection.extractStatements(sql);
      if (statements.count !== 1) return false;
      const prepared = await statements.prepare(0);
      return prepared.statementType === lease.open.duckdb.StatementType.SELECT;
    } finally {
      this.#release(lease);
    }
  }

  /** `anyMode`: introspection may use whichever instance is open rather than reopening the file. */
  async #acquire(options: QueryOptions, anyMode = false): Promise<Lease> {
    if (this.#closed) throw new Error('The DuckDB connector is closed');
    const control = new QueryControl({ timeoutMs: options.timeoutMs, signal: options.signal });
    try {
      control.throwIfStopped();
      const open = await control.race(this.#instance(options.readOnly, anyMode));
      open.active += 1;
      try {
        const connection = await control.take(open.instance.connect(), (late) => late.closeSync());
        if (control.reason) {
          connection.closeSync();
          throw control.error();
        }
        control.setCanceller(() => Promise.resolve(connection.interrupt()));
        return { open, connection, control };
      } catch (error) {
        open.active -= 1;
        throw error;
      }
    } catch (error) {
      control.dispose();
      throw error instanceof ConnectorError ? error : this.#openError(error);
    }
  }

  #release(lease: Lease): void {
    const { open, connection, control } = lease;
    control.setCanceller(null);
    // A statement DuckDB never gave back still owns this connection; leave it to the collector.
    if (!control.hardStopped) connection.closeSync();
    control.dispose();
    open.active -= 1;
    if (open.retired && open.active === 0) open.instance.closeSync();
  }

  /** One instance at a time, in the mode asked for: switching modes retires the old one once idle. */
  async #instance(readOnly: boolean, anyMode: boolean): Promise<OpenInstance> {
    const current = await this.#current?.catch(() => null);
    if (current && (anyMode || current.readOnly === readOnly)) return current;
    if (current) this.#retire(current);
    const opening = this.#openInstance(readOnly);
    this.#current = opening;
    try {
      return await opening;
    } catch (error) {
      if (this.#current === opening) this.#current = null;
      throw error;
    }
  }

  async #openInstance(readOnly: boolean): Promise<OpenInstance> {
    const options: Record<string, string> = {};
    if (readOnly) options.access_mode = 'READ_ONLY';
    let target: string;
    if (this.#path) {
      try {
        await access(this.#path, constants.R_OK);
      } catch (error) {
        throw new ConnectorError(
          'missing_database',
          `Database file ${this.#path} does not exist — check the path.`,
          {
            cause: error,
          },
        );
      }
      target = this.#path;
      options.enable_external_access = 'false';
    } else {
      if (!this.#token)
        throw new ConnectorError(
          'auth',
          'A MotherDuck token is needed — paste one from MotherDuck settings.',
        );
      target = `md:${this.#database ?? ''}?motherduck_token=${encodeURIComponent(this.#token)}`;
    }
    const duckdb = await loadDuckdb();
    const instance = await duckdb.DuckDBInstance.create(target, options);
    return { duckdb, readOnly, instance, active: 0, retired: false };
  }

  #retire(open: OpenInstance): void {
    open.retired = true;
    if (open.active === 0) open.instance.closeSync();
  }

  /** The token must never reach a message, a log or the user. */
  #scrub(message: string): string {
    return this.#token
      ? message.replaceAll(this.#token, '•••').replaceAll(encodeURIComponent(this.#token), '•••')
      : message;
  }

  #openError(error: unknown): ConnectorError {
    const message = this.#scrub(driverErrorFields(error).message);
    const where = this.#path ?? `MotherDuck database ${this.#database ?? '(default)'}`;
    if (/lock/i.test(message)) {
      return new ConnectorError(
        'unreachable',
        `${where} is in use by another program — close it and retry (${message})`,
      );
    }
    if (!this.#path && /token|auth|unauthori[sz]ed|forbidden/i.test(message)) {
      return authError('MotherDuck', new Error(message));
    }
    if (/not a valid DuckDB database/i.test(message)) {
      return new ConnectorError('missing_database', `${where} is not a DuckDB database (${message})`);
    }
    if (/does not exist|not found/i.test(message)) {
      return new ConnectorError('missing_database', `Database ${where} does not exist (${message})`);
    }
    return new ConnectorError('unreachable', `Cannot open ${where} (${message})`);
  }

  #statementError(error: unknown, control: QueryControl): ConnectorError {
    if (error instanceof ConnectorError) return error;
    if (control.reason) return control.error(error);
    const message = this.#scrub(driverErrorFields(error).message);
    if (/read-only mode|read only mode/i.test(message)) return databaseReadOnlyError(new Error(message));
    return sqlError(new Error(message));
  }
}

function describe(
  result: DuckDBResult,
  duckdb: DuckdbApi,
): {
  columns: ResultColumn[];
  convert: (value: unknown, index: number) => JsonValue;
} {
  const names = uniqueColumnNames(result.columnNames());
  const columns = names.map((name, index) => ({ name, type: result.columnType(index).toString() }));
  const exact = columns.map((_, index) => isExactType(duckdb, result.columnTypeId(index)));
  return {
    columns,
    convert: (value, index) =>
      typeof value === 'string' && exact[index] ? numberFromDecimalText(value) : toJsonValue(value),
  };
}

/** Reads a result `count` rows at a time, keeping the rest of a chunk (2048 rows) for the next read. */
function chunkReader(result: DuckDBResult, duckdb: DuckdbApi): (count: number) => Promise<unknown[][]> {
  let pending: unknown[][] = [];
  let ended = false;
  return async (count) => {
    while (pending.length < count && !ended) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) ended = true;
      else pending = pending.concat(chunk.convertRows(duckdb.JsonDuckDBValueConverter));
    }
    return pending.splice(0, count);
  };
}

export const duckdbEngine: EngineModule = {
  engine: 'motherduck',
  dialect: 'duckdb',
  Connector: DuckdbConnector,
};

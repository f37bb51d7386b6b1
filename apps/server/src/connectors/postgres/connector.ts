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
  ResultColumn,
  ResultStream,
  RunOptions,
  RunResult,
  SchemaInfo,
  StreamOptions,
} from '../connector.ts';
import { driverErrorFields, sqlError } from '../connector-error.ts';
import { rowsFromArrays, uniqueColumnNames } from '../json-values.ts';
import { PostgresCappedRead } from './capped-read.ts';
import { type PostgresCredentialRow, postgresCredentialSql, postgresFindings } from './credentials.ts';
import { PostgresCopyOut, PostgresDescribe, copyCsvSql } from './copy.ts';
import { readPostgresSchema } from './introspect.ts';
import { type Lease, PostgresSessions } from './sessions.ts';
import { PostgresTypeNames } from './types.ts';
import { type WireField, cellsAsText, textCellConverter } from './values.ts';
import { type CappedResult, checkStatement, finishRun, streamFromSource } from '../run-support.ts';

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

export class PostgresConnector implements Connector {
  readonly engine = 'postgres' as const;
  readonly dialect = 'postgres' as const;
  readonly #sessions: PostgresSessions;
  readonly #typeNames = new PostgresTypeNames();

  constructor(details: ConnectionDetails, options: ConnectorOptions) {
    this.#sessions = new PostgresSessions(details, options);
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
    const client = await this.#sessions.connect();
    try {
      await client.query('SELECT 1');
    } catch (error) {
      throw sqlError(error);
    } finally {
      client.release();
    }
  }

  introspect(): Promise<SchemaInfo> {
    return readPostgresSchema(this.#sessions);
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
    const lease = await this.#sessions.acquire(options);
    const cursor = lease.client.query(
      new Cursor<(string | null)[]>(sql, [], { rowMode: 'array', types: cellsAsText }),
    );
    lease.control.setCanceller(() => this.#sessions.cancelBackend(lease.pid));
    const read = async (): Promise<CursorBatch> => {
      try {
        return await lease.control.race(readCursor(cursor, batchSize));
      } catch (error) {
        throw this.#sessions.statementError(error, lease.control);
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
            await this.#sessions.release(lease);
          },
        },
        lease.control,
      );
    } catch (error) {
      await this.#sessions.release(lease);
      throw this.#sessions.statementError(error, lease.control);
    }
  }

  /**
   * The result as PostgreSQL's own CSV (COPY … TO STDOUT), on one leased connection: Describe
   * first, to learn the columns and whether COPY can write them like the generic path; a
   * statement that cannot be described or wrapped answers null, and stream() then reports it.
   */
  async copyCsv(sql: string, options: CsvCopyOptions): Promise<CsvCopy | null> {
    await checkStatement(sql, this.dialect, options.readOnly);
    const lease = await this.#sessions.acquire(options);
    lease.control.setCanceller(() => this.#sessions.cancelBackend(lease.pid));
    let copy: PostgresCopyOut;
    let columns: ResultColumn[];
    try {
      const fields = await lease.control.race(lease.client.query(new PostgresDescribe(sql)).result);
      const text = fields.length > 0 ? copyCsvSql(sql, fields, options.maxRows) : null;
      if (text === null) {
        await this.#sessions.release(lease);
        return null;
      }
      columns = await this.#columns(lease, fields);
      copy = lease.client.query(new PostgresCopyOut(text, options.maxRows));
      await lease.control.race(copy.started);
    } catch (error) {
      await this.#sessions.release(lease);
      // 42601: the wrapped statement does not parse (a trailing `;` before a comment…).
      if (lease.control.reason === null && driverErrorFields(error).code === '42601') return null;
      throw this.#sessions.statementError(error, lease.control);
    }
    let released = false;
    const releaseOnClose = () => {
      released = true;
      // Closed before the end (the client left, or the export failed): stop the statement.
      if (!copy.body.readableEnded) lease.control.stop('cancelled');
      void this.#sessions.release(lease);
    };
    // The first rows and a failure can come in one packet: the body is then closed before this
    // line runs, and a listener added now would never hear it, keeping the connection leased.
    if (copy.body.closed) releaseOnClose();
    else copy.body.once('close', releaseOnClose);
    lease.control.onGiveUp(() => {
      if (!released) copy.body.destroy(this.#sessions.statementError(new Error('cancelled'), lease.control));
    });
    return {
      columns,
      body: copy.body,
      get rows() {
        return copy.rows;
      },
      get truncated() {
        return copy.truncated;
      },
    };
  }

  async close(): Promise<void> {
    await this.#sessions.close();
  }

  /** Reads at most rowCap + 1 rows in one round trip: one more than shown tells whether the result was cut. */
  async #runCapped(sql: string, options: RunOptions): Promise<CappedResult> {
    const lease = await this.#sessions.acquire(options);
    try {
      const read = lease.client.query(new PostgresCappedRead(sql, options.rowCap, options.params));
      lease.control.setCanceller(() => this.#sessions.cancelBackend(lease.pid));
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
      throw this.#sessions.statementError(error, lease.control);
    } finally {
      await this.#sessions.release(lease);
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
    await this.#sessions.apart((client) => this.#typeNames.load(client, typeIds));
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

export const postgresEngine: EngineModule = {
  engine: 'postgres',
  dialect: 'postgres',
  Connector: PostgresConnector,
};

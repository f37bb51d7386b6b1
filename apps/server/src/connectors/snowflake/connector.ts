import { refuseBoundValues } from '../bound-placeholder.ts';
import type snowflake from 'snowflake-sdk';
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
import { ConnectorError } from '../connector-error.ts';
import { secretDetail, textDetail, textDetailOr } from '../details.ts';
import { numberFromDecimalText, rowsFromArrays, toJsonValue, uniqueColumnNames } from '../json-values.ts';
import { QueryControl } from '../query-control.ts';
import { checkStatement, openingWord, streamFromSource } from '../run-support.ts';
import { type SnowflakeTarget, snowflakeConnectionError, snowflakeStatementError } from './errors.ts';
import { introspectSnowflake } from './introspect.ts';
import { readRows, type SnowflakeSession, SnowflakeSessions } from './sessions.ts';

export interface SnowflakeConnectorOptions extends ConnectorOptions {
  /**
   * Where the driver sends its HTTP calls instead of https://<account>.snowflakecomputing.com:
   * a PrivateLink host, a proxy or an emulator (SNOWFLAKE_ACCESS_URL), a local fake in tests.
   * Set by the operator for every connection, never a user's detail.
   */
  snowflakeAccessUrl?: string;
}

interface Lease {
  session: SnowflakeSession;
  control: QueryControl;
  /** Destroy instead of reusing: session state changed, or a statement may still run in it. */
  discard: boolean;
}

/** A statement that ran, with its columns decoded; rows are read from `statement.streamRows`. */
interface Executed {
  statement: snowflake.RowStatement;
  columns: ResultColumn[];
  convert: (value: unknown, index: number) => JsonValue;
}

/** Statements that change the session (current schema, parameters, transactions): its session is not reused. */
const sessionWords = new Set(['USE', 'ALTER', 'SET', 'UNSET', 'BEGIN', 'START', 'COMMIT', 'ROLLBACK']);
/** Snowflake's own limit is the backstop, a little after our timer, which cancels first. */
const serverLimitSlackSeconds = 1;

/**
 * Snowflake through snowflake-sdk, password or key-pair (SNOWFLAKE_JWT) authentication.
 *
 * Safe mode: Snowflake has no read-only session or transaction switch, so it rests on the
 * statement classifier alone — anything it does not know to be a read is refused before it is
 * sent. Grant the user a read-only role for a second line of defence.
 */
export class SnowflakeConnector implements Connector {
  readonly engine = 'snowflake' as const;
  readonly dialect = 'snowflake' as const;
  readonly #sessions: SnowflakeSessions;
  readonly #target: SnowflakeTarget;

  constructor(details: ConnectionDetails, options: SnowflakeConnectorOptions) {
    const account = textDetailOr(details, 'account', '');
    const user = textDetailOr(details, 'user', '');
    const privateKey = secretDetail(details, 'private_key');
    const keyPair = privateKey !== undefined && privateKey.trim() !== '';
    const accessUrl = options.snowflakeAccessUrl ? new URL(options.snowflakeAccessUrl) : null;
    this.#target = {
      account,
      user,
      database: textDetailOr(details, 'database', ''),
      host: accessUrl?.hostname ?? `${account}.snowflakecomputing.com`,
      port: accessUrl?.port || 443,
      keyPair,
    };
    const connectionOptions: snowflake.ConnectionOptions = {
      account,
      username: user,
      database: textDetail(details, 'database') ?? undefined,
      schema: textDetail(details, 'schema') ?? undefined,
      role: textDetail(details, 'role') ?? undefined,
      warehouse: textDetail(details, 'warehouse') ?? undefined,
      application: 'querent',
      // One failed login is an answer: a wrong password or host does not get better by waiting.
      sfRetryMaxLoginRetries: 0,
      ...(keyPair
        ? {
            authenticator: 'SNOWFLAKE_JWT',
            privateKey,
            privateKeyPass: secretDetail(details, 'private_key_passphrase') || undefined,
          }
        : { password: secretDetail(details, 'password') ?? '' }),
      ...(accessUrl ? { accessUrl: accessUrl.origin } : {}),
    };
    this.#sessions = new SnowflakeSessions({
      options: connectionOptions,
      max: options.maxConnections ?? 5,
      connectTimeoutMs: options.connectTimeoutMs ?? 15_000,
      toConnectionError: (error) => snowflakeConnectionError(error, this.#target),
    });
  }

  async test(): Promise<void> {
    await this.run('SELECT 1', { rowCap: 1, timeoutMs: 30_000, readOnly: true });
  }

  async introspect(): Promise<SchemaInfo> {
    const lease = await this.#acquire({ timeoutMs: 120_000, readOnly: true });
    const query = async (sql: string): Promise<Record<string, unknown>[]> => {
      const executed = await this.#execute(lease, sql);
      const rows = await lease.control.race(
        readRows(executed.statement.streamRows(), Number.MAX_SAFE_INTEGER),
      );
      const names = executed.columns.map((column) => column.name);
      return rows.map((row) =>
        Object.fromEntries(names.map((name, index) => [name, executed.convert(row[index], index)])),
      );
    };
    try {
      return await introspectSnowflake(query);
    } catch (error) {
      throw snowflakeStatementError(error, lease.control, this.#target);
    } finally {
      this.#release(lease);
    }
  }

  /** The driver reports the result's total row count, so a cut result's count is exact without a second query. */
  async run(sql: string, options: RunOptions): Promise<RunResult> {
    refuseBoundValues(this.dialect, options.params);
    const startedAt = performance.now();
    await checkStatement(sql, this.dialect, options.readOnly);
    const lease = await this.#acquire(options);
    try {
      const { statement, columns, convert } = await this.#execute(lease, sql);
      const rows = await lease.control.race(
        readRows(statement.streamRows({ start: 0, end: options.rowCap }), options.rowCap + 1),
      );
      lease.control.throwIfStopped();
      const total = statement.getNumRows();
      const updated = statement.getNumUpdatedRows();
      return {
        rows: rowsFromArrays(columns, rows.slice(0, options.rowCap), convert),
        columns,
        count: total,
        truncated: total > options.rowCap,
        durationMs: Math.round(performance.now() - startedAt),
        affectedRows: updated !== undefined && updated >= 0 ? updated : null,
      };
    } catch (error) {
      throw snowflakeStatementError(error, lease.control, this.#target);
    } finally {
      this.#release(lease);
    }
  }

  async stream(sql: string, options: StreamOptions): Promise<ResultStream> {
    await checkStatement(sql, this.dialect, options.readOnly);
    const batchSize = options.batchSize ?? 1000;
    const lease = await this.#acquire(options);
    try {
      const { statement, columns, convert } = await this.#execute(lease, sql);
      const rowStream = statement.streamRows();
      const read = async (): Promise<unknown[][]> => {
        try {
          return await lease.control.race(readRows(rowStream, batchSize));
        } catch (error) {
          throw snowflakeStatementError(error, lease.control, this.#target);
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
          release: () => {
            rowStream.destroy();
            this.#release(lease);
            return Promise.resolve();
          },
        },
        lease.control,
      );
    } catch (error) {
      this.#release(lease);
      throw snowflakeStatementError(error, lease.control, this.#target);
    }
  }

  async close(): Promise<void> {
    await this.#sessions.close();
  }

  /**
   * Sends the statement and waits until Snowflake has run it (rows are fetched afterwards, chunk
   * by chunk). Until then our stop cancels it in Snowflake — by request id while the driver has
   * no query id yet — and Snowflake's own STATEMENT_TIMEOUT_IN_SECONDS is the backstop.
   */
  async #execute(lease: Lease, sql: string): Promise<Executed> {
    if (sessionWords.has(openingWord(sql, this.dialect))) lease.discard = true;
    const { control, session } = lease;
    let resolveDone: (statement: snowflake.RowStatement) => void = () => undefined;
    let rejectDone: (error: unknown) => void = () => undefined;
    const done = new Promise<snowflake.RowStatement>((resolve, reject) => {
      resolveDone = resolve;
      rejectDone = reject;
    });
    const statement = session.execute({
      sqlText: sql,
      streamResult: true,
      rowMode: 'array',
      // Exact decimals arrive as text and become numbers only when nothing is lost; dates and
      // timestamps as Snowflake formats them, so TIMESTAMP_NTZ gains no time zone on the way.
      fetchAsString: ['Number', 'Date'],
      parameters: {
        STATEMENT_TIMEOUT_IN_SECONDS: Math.ceil(control.timeoutMs / 1000) + serverLimitSlackSeconds,
        MULTI_STATEMENT_COUNT: 1,
      },
      complete: (error, executed) => {
        if (error) rejectDone(error);
        else resolveDone(executed);
      },
    });
    control.setCanceller(
      () =>
        new Promise<void>((resolve) => {
          statement.cancel(() => resolve());
        }),
    );
    const executed = await control.race(done);
    control.setCanceller(null);
    control.throwIfStopped();
    return { statement: executed, ...describeColumns(executed) };
  }

  async #acquire(options: QueryOptions): Promise<Lease> {
    const control = new QueryControl({ timeoutMs: options.timeoutMs, signal: options.signal });
    try {
      control.throwIfStopped();
      const session = await control.take(this.#sessions.acquire(), (late) =>
        this.#sessions.release(late, false),
      );
      return { session, control, discard: false };
    } catch (error) {
      control.dispose();
      throw error instanceof ConnectorError ? error : snowflakeStatementError(error, control, this.#target);
    }
  }

  /** A session we gave up waiting on may still run the statement: it is ended, not reused. */
  #release(lease: Lease): void {
    lease.control.setCanceller(null);
    this.#sessions.release(lease.session, lease.discard || lease.control.hardStopped);
    lease.control.dispose();
  }
}

/** Column names made unique, Snowflake type names, and the conversion of each cell to JSON. */
function describeColumns(statement: snowflake.RowStatement): Pick<Executed, 'columns' | 'convert'> {
  const described = statement.getColumns() ?? [];
  const names = uniqueColumnNames(described.map((column) => column.getName()));
  const types = described.map((column) => column.getType());
  const columns = described.map((column, index) => ({
    name: names[index] ?? column.getName(),
    type: typeName(column),
  }));
  const convert = (value: unknown, index: number): JsonValue => {
    if (typeof value !== 'string') return toJsonValue(value);
    if (types[index] === 'fixed') return numberFromDecimalText(value);
    if (types[index] === 'real') return toJsonValue(Number(value));
    return value;
  };
  return { columns, convert };
}

function typeName(column: snowflake.Column): string {
  const type = column.getType();
  if (type === 'fixed') return `NUMBER(${column.getPrecision()},${column.getScale()})`;
  if (type === 'real') return 'FLOAT';
  if (type === 'text') return 'VARCHAR';
  return type.toUpperCase();
}

export const snowflakeEngine: EngineModule = {
  engine: 'snowflake',
  dialect: 'snowflake',
  Connector: SnowflakeConnector,
};

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type Database from 'better-sqlite3';
import { ChinookCopy, type CopyResult } from './chinook-copy.ts';
import { addSnowflakeDates } from './fake-date-functions.ts';
import { deferred, FakeHttpServer, jsonBody, type Reply, waitAtMost } from './fake-http.ts';
import { verifyJwt } from './fake-jwt.ts';
import {
  createInformationSchema,
  encodeResult,
  errorBody,
  keepQuotedCase,
  outputParameters,
  showImportedKeys,
  showPrimaryKeys,
  sqlFailure,
  translateSql,
  waitSeconds,
} from './snowflake-fake-wire.ts';

/**
 * A local stand-in for Snowflake's REST endpoints, enough for the real snowflake-sdk: login
 * (password or key-pair JWT), query-request with the long-poll "still running" answer and result
 * polling, results inline and in chunks, abort by query id or request id, session delete.
 * Statements run against a Chinook copy; `SYSTEM$WAIT(n)` runs n seconds unless aborted or past
 * STATEMENT_TIMEOUT_IN_SECONDS, which is how tests make a slow query.
 */

export interface SnowflakeFakeOptions {
  account?: string;
  user?: string;
  password?: string;
  /** PEM public key registered for the user (ALTER USER … SET RSA_PUBLIC_KEY). */
  publicKey?: string;
  database?: string;
  schema?: string;
  /** How long a request is held while its statement runs before answering "still running" (Snowflake: ~45 s). */
  holdMs?: number;
  /** Rows sent inline with the first answer; the rest go in chunks of `chunkRows`. */
  inlineRows?: number;
  chunkRows?: number;
  /** Table (`TRACK`) and column (`TRACK.NAME`) comments. */
  comments?: Record<string, string>;
  /** Fixed localhost port; 0 (the default) takes a free one. */
  port?: number;
  /** Runs on the Chinook copy before the catalogue is built, to add tables of a test's own. */
  prepare?: (db: Database.Database) => void;
}

export interface FakeStatement {
  queryId: string;
  requestId: string;
  sql: string;
  parameters: Record<string, unknown>;
  state: 'running' | 'succeeded' | 'failed' | 'aborted';
  /** The answer once the statement ended. */
  body: Record<string, unknown> | null;
  ended: Promise<void>;
  end: () => void;
  timer: NodeJS.Timeout | undefined;
}

const ok = (data: unknown = null): Reply => ({ json: { data, code: null, message: null, success: true } });

export class SnowflakeFake {
  /** Every statement received, in order. */
  readonly statements: FakeStatement[] = [];
  /** Statements stopped by an abort request, and whether it named them by request id or query id. */
  readonly aborted: { queryId: string; by: 'requestId' | 'queryId' }[] = [];
  /** Session tokens in use, and how many sessions were closed by the driver. */
  readonly sessions = new Set<string>();
  deletedSessions = 0;
  readonly #options: Required<Omit<SnowflakeFakeOptions, 'password' | 'publicKey' | 'prepare'>> &
    Pick<SnowflakeFakeOptions, 'password' | 'publicKey'>;
  readonly #copy: ChinookCopy;
  readonly #server: FakeHttpServer;
  readonly #chunks = new Map<string, string[]>();
  /** Rewrites what SQLite cannot parse of Snowflake's date functions. */
  readonly #dates: (sql: string) => string;

  private constructor(copy: ChinookCopy, options: SnowflakeFakeOptions) {
    this.#copy = copy;
    this.#options = {
      account: 'querent-test',
      user: 'QUERENT',
      database: 'CHINOOK',
      schema: 'PUBLIC',
      holdMs: 300,
      inlineRows: 500,
      chunkRows: 1000,
      comments: {},
      port: 0,
      ...options,
    };
    this.#server = new FakeHttpServer((request, url, body) => this.#handle(request, url, body));
    this.#dates = addSnowflakeDates(copy.db);
  }

  static async start(options: SnowflakeFakeOptions = {}): Promise<SnowflakeFake> {
    const fake = new SnowflakeFake(await ChinookCopy.open(), options);
    options.prepare?.(fake.#copy.db);
    const { database, schema, comments } = fake.#options;
    createInformationSchema(fake.#copy, database, schema, comments);
    try {
      await fake.#server.listen(fake.#options.port);
    } catch (error) {
      // A taken port must not leave the Chinook copy behind in the temporary directory.
      await fake.#copy.close();
      throw error;
    }
    return fake;
  }

  get url(): string {
    return this.#server.url;
  }

  /** The statement whose text contains `marker`, newest first. */
  find(marker: string): FakeStatement | undefined {
    return this.statements.findLast((statement) => statement.sql.includes(marker));
  }

  running(marker: string): boolean {
    return this.statements.some(
      (statement) => statement.state === 'running' && statement.sql.includes(marker),
    );
  }

  async close(): Promise<void> {
    for (const statement of this.statements) clearTimeout(statement.timer);
    await this.#server.close();
    await this.#copy.close();
  }

  async #handle(request: IncomingMessage, url: URL, raw: Buffer): Promise<Reply> {
    const path = url.pathname;
    if (path === '/session/v1/login-request') return this.#login(url, jsonBody(raw));
    const chunk = /^\/fake-results\/([\w-]+)\/(\d+)$/.exec(path);
    if (chunk) return { text: this.#chunks.get(chunk[1] ?? '')?.[Number(chunk[2])] ?? '' };
    const token = /Snowflake Token="([^"]+)"/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.sessions.has(token)) {
      return {
        json: errorBody(
          '390111',
          '08001',
          'Session no longer exists. New login required to access the service.',
          null,
        ),
      };
    }
    const body = jsonBody(raw);
    if (path === '/queries/v1/query-request') return this.#query(url, body);
    const result = /^\/queries\/([\w-]+)\/result$/.exec(path);
    if (result) return this.#answer(this.statements.find((s) => s.queryId === result[1]));
    if (path === '/queries/v1/abort-request') {
      return this.#abort(
        this.statements.find((s) => s.requestId === body.requestId),
        'requestId',
      );
    }
    const abort = /^\/queries\/([\w-]+)\/abort-request$/.exec(path);
    if (abort)
      return this.#abort(
        this.statements.find((s) => s.queryId === abort[1]),
        'queryId',
      );
    if (path === '/session' && url.searchParams.get('delete') === 'true') {
      this.sessions.delete(token);
      this.deletedSessions += 1;
      return ok();
    }
    if (path === '/session/heartbeat' || path === '/telemetry/send') return ok();
    return { status: 404, text: `The Snowflake fake does not serve ${path}` };
  }

  #login(url: URL, body: Record<string, unknown>): Reply {
    const data = (body.data ?? {}) as Record<string, unknown>;
    const { account, user, password, publicKey, database, schema } = this.#options;
    const sameName = (a: unknown, b: string): boolean => String(a).toUpperCase() === b.toUpperCase();
    let authenticated = sameName(data.ACCOUNT_NAME, account) && sameName(data.LOGIN_NAME, user);
    if (data.AUTHENTICATOR === 'SNOWFLAKE_JWT') {
      const claims = publicKey ? verifyJwt(String(data.TOKEN), publicKey) : null;
      if (!authenticated || claims?.sub !== `${account.toUpperCase()}.${user.toUpperCase()}`) {
        return { json: errorBody('390144', '08004', `JWT token is invalid. [${randomUUID()}]`, null) };
      }
    } else {
      authenticated &&= password !== undefined && data.PASSWORD === password;
      if (!authenticated) {
        return { json: errorBody('390100', '08004', 'Incorrect username or password was specified.', null) };
      }
    }
    const requested = url.searchParams.get('databaseName');
    if (requested && !sameName(requested, database)) {
      return {
        json: errorBody('390201', '08004', 'The requested database does not exist or not authorized.', null),
      };
    }
    const token = `session-${randomUUID()}`;
    this.sessions.add(token);
    return ok({
      token,
      masterToken: `master-${randomUUID()}`,
      validityInSeconds: 3600,
      masterValidityInSeconds: 14400,
      sessionId: this.sessions.size,
      parameters: outputParameters,
      sessionInfo: {
        databaseName: database,
        schemaName: schema,
        warehouseName: 'FAKE_WH',
        roleName: 'PUBLIC',
      },
    });
  }

  async #query(url: URL, body: Record<string, unknown>): Promise<Reply> {
    const { promise, resolve } = deferred();
    const statement: FakeStatement = {
      queryId: randomUUID(),
      requestId: url.searchParams.get('requestId') ?? '',
      sql: typeof body.sqlText === 'string' ? body.sqlText : '',
      parameters: (body.parameters ?? {}) as Record<string, unknown>,
      state: 'running',
      body: null,
      ended: promise,
      end: resolve,
      timer: undefined,
    };
    this.statements.push(statement);
    const seconds = waitSeconds(statement.sql);
    if (seconds === null) this.#execute(statement);
    else this.#executeLater(statement, seconds);
    return this.#answer(statement);
  }

  /** SYSTEM$WAIT: ends after its seconds, or fails at the statement timeout if that comes first. */
  #executeLater(statement: FakeStatement, seconds: number): void {
    const limit = Number(statement.parameters.STATEMENT_TIMEOUT_IN_SECONDS ?? 0);
    const timesOut = limit > 0 && limit < seconds;
    statement.timer = setTimeout(
      () => {
        if (!timesOut) {
          this.#execute(statement);
          return;
        }
        const message = `Statement reached its statement or warehouse timeout of ${limit} second(s) and was canceled.`;
        this.#finish(statement, 'failed', errorBody('000630', '57014', message, statement.queryId));
      },
      (timesOut ? limit : seconds) * 1000,
    );
  }

  #execute(statement: FakeStatement): void {
    const { database, schema } = this.#options;
    const text = statement.sql.trim();
    try {
      let result: CopyResult;
      let keepNames = false;
      if (/^SHOW\s+PRIMARY\s+KEYS\b/i.test(text)) {
        result = showPrimaryKeys(this.#copy.tables(), database, schema);
        keepNames = true;
      } else if (/^SHOW\s+IMPORTED\s+KEYS\b/i.test(text)) {
        result = showImportedKeys(this.#copy.tables(), database, schema);
        keepNames = true;
      } else {
        result = this.#copy.query(keepQuotedCase(this.#dates(translateSql(text, database, schema))));
      }
      this.#finish(
        statement,
        'succeeded',
        this.#resultBody(statement, encodeResult(result, text, keepNames)),
      );
    } catch (error) {
      this.#finish(statement, 'failed', sqlFailure(error, statement.queryId));
    }
  }

  #resultBody(statement: FakeStatement, wire: ReturnType<typeof encodeResult>): Record<string, unknown> {
    const { inlineRows, chunkRows, database, schema } = this.#options;
    const inline = wire.rowset.slice(0, inlineRows);
    const rest = wire.rowset.slice(inlineRows);
    const chunks: { url: string; rowCount: number; uncompressedSize: number; compressedSize: number }[] = [];
    const texts: string[] = [];
    for (let start = 0; start < rest.length; start += chunkRows) {
      const rows = rest.slice(start, start + chunkRows);
      const text = rows.map((row) => JSON.stringify(row)).join(',');
      chunks.push({
        url: `${this.url}/fake-results/${statement.queryId}/${texts.length}`,
        rowCount: rows.length,
        uncompressedSize: text.length,
        compressedSize: text.length,
      });
      texts.push(text);
    }
    if (texts.length > 0) this.#chunks.set(statement.queryId, texts);
    return {
      data: {
        parameters: outputParameters,
        rowtype: wire.rowtype,
        rowset: inline,
        total: wire.rowset.length,
        returned: wire.rowset.length,
        queryId: statement.queryId,
        statementTypeId: wire.statementTypeId,
        version: 1,
        queryResultFormat: 'json',
        finalDatabaseName: database,
        finalSchemaName: schema,
        finalWarehouseName: 'FAKE_WH',
        finalRoleName: 'PUBLIC',
        ...(chunks.length > 0 ? { chunks, chunkHeaders: {} } : {}),
      },
      code: null,
      message: null,
      success: true,
    };
  }

  #finish(statement: FakeStatement, state: FakeStatement['state'], body: Record<string, unknown>): void {
    if (statement.state !== 'running') return;
    clearTimeout(statement.timer);
    statement.state = state;
    statement.body = body;
    statement.end();
  }

  /** Holds the request while the statement runs, then answers with its result or "still running". */
  async #answer(statement: FakeStatement | undefined): Promise<Reply> {
    if (!statement) return { json: errorBody('000709', '02000', 'Statement not found.', null) };
    await waitAtMost(statement.ended, this.#options.holdMs);
    if (statement.body) return { json: statement.body };
    return {
      json: {
        data: { queryId: statement.queryId, getResultUrl: `/queries/${statement.queryId}/result` },
        code: '333334',
        message:
          'Asynchronous execution in progress. Use provided query id to perform query monitoring and management.',
        success: true,
      },
    };
  }

  #abort(statement: FakeStatement | undefined, by: 'requestId' | 'queryId'): Reply {
    if (statement?.state !== 'running') {
      return {
        json: errorBody('000605', '01000', 'Identified SQL statement is not currently executing.', null),
      };
    }
    this.aborted.push({ queryId: statement.queryId, by });
    this.#finish(
      statement,
      'aborted',
      errorBody('000604', '57014', 'SQL execution canceled', statement.queryId),
    );
    return ok();
  }
}

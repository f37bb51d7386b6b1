import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type Database from 'better-sqlite3';
import {
  apiError,
  encodeRows,
  statementType,
  tableResource,
  translateSql,
  type WireRows,
} from './bigquery-fake-wire.ts';
import { ChinookCopy } from './chinook-copy.ts';
import { addBigQueryDates } from './fake-date-functions.ts';
import { deferred, FakeHttpServer, jsonBody, type Reply, waitAtMost } from './fake-http.ts';
import { verifyJwt } from './fake-jwt.ts';

/**
 * A local stand-in for Google's OAuth token endpoint and the BigQuery v2 REST API, enough for the
 * real @google-cloud/bigquery client: service-account JWT exchange, datasets and tables (list,
 * get), query jobs (insert, dry run, get, cancel) and getQueryResults with long polling,
 * pagination and totalRows. Queries run against a Chinook copy attached as the dataset. Jobs
 * whose SQL matches `slowQueries` keep running until cancelled or past their jobTimeoutMs.
 */

export interface BigQueryFakeOptions {
  projectId?: string;
  dataset?: string;
  /** The service account the token endpoint accepts: its email and PEM public key. */
  serviceAccount: { clientEmail: string; publicKey: string };
  slowQueries?: RegExp;
  /** Longest wait of getQueryResults for an unfinished job when the client sets none (BigQuery: 10 s). */
  holdMs?: number;
  /** Table (`Track`) and column (`Track.Name`) descriptions. */
  descriptions?: Record<string, string>;
  /** Fixed localhost port; 0 (the default) takes a free one. */
  port?: number;
  /** Runs on the Chinook copy before the fake serves it, to add tables of a test's own. */
  prepare?: (db: Database.Database) => void;
}

export interface FakeJob {
  jobId: string;
  sql: string;
  dryRun: boolean;
  state: 'RUNNING' | 'DONE';
  statementType: string;
  error: { reason: string; message: string } | null;
  result: (WireRows & { affected: number | null }) | null;
  ended: Promise<void>;
  end: () => void;
  timer: NodeJS.Timeout | undefined;
}

export class BigQueryFake {
  /** Every job inserted, dry runs included, in order. */
  readonly jobs: FakeJob[] = [];
  /** Ids of running jobs stopped by a cancel request. */
  readonly cancelled: string[] = [];
  readonly #tokens = new Set<string>();
  readonly #options: Required<Omit<BigQueryFakeOptions, 'prepare'>>;
  readonly #copy: ChinookCopy;
  readonly #server: FakeHttpServer;
  /** Rewrites what SQLite cannot parse of BigQuery's date functions. */
  readonly #dates: (sql: string) => string;

  private constructor(copy: ChinookCopy, options: BigQueryFakeOptions) {
    this.#copy = copy;
    this.#options = {
      projectId: 'querent-test',
      dataset: 'chinook',
      slowQueries: /$^/,
      holdMs: 10_000,
      descriptions: {},
      port: 0,
      ...options,
    };
    this.#server = new FakeHttpServer((request, url, body) => this.#handle(request, url, body));
    this.#dates = addBigQueryDates(copy.db);
  }

  static async start(options: BigQueryFakeOptions): Promise<BigQueryFake> {
    const fake = new BigQueryFake(await ChinookCopy.open(options.dataset ?? 'chinook'), options);
    options.prepare?.(fake.#copy.db);
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

  get tokenUrl(): string {
    return `${this.#server.url}/token`;
  }

  find(marker: string): FakeJob | undefined {
    return this.jobs.findLast((job) => !job.dryRun && job.sql.includes(marker));
  }

  running(marker: string): boolean {
    return this.jobs.some((job) => job.state === 'RUNNING' && job.sql.includes(marker));
  }

  async close(): Promise<void> {
    for (const job of this.jobs) clearTimeout(job.timer);
    await this.#server.close();
    await this.#copy.close();
  }

  async #handle(request: IncomingMessage, url: URL, raw: Buffer): Promise<Reply> {
    if (url.pathname === '/token') return this.#token(new URLSearchParams(raw.toString('utf8')));
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.#tokens.has(token)) {
      return apiError(401, 'Request had invalid authentication credentials.', 'unauthorized');
    }
    const match = /^\/bigquery\/v2\/projects\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) return apiError(404, `Not found: URL ${url.pathname}`, 'notFound');
    const [, project = '', path = ''] = match;
    if (project !== this.#options.projectId)
      return apiError(404, `Not found: Project ${project}`, 'notFound');
    if (request.method === 'POST' && path === '/jobs') return this.#insert(jsonBody(raw));
    const job = /^\/(?:jobs|queries)\/([^/]+)/.exec(path)?.[1];
    if (job !== undefined) {
      const found = this.jobs.find((candidate) => candidate.jobId === job && !candidate.dryRun);
      if (!found) return apiError(404, `Not found: Job ${project}:US.${job}`, 'notFound');
      if (path.endsWith('/cancel')) return this.#cancel(found);
      if (path.startsWith('/queries/')) return this.#results(found, url.searchParams);
      return { json: this.#resource(found) };
    }
    return this.#catalog(path, url.searchParams);
  }

  #token(form: URLSearchParams): Reply {
    const { clientEmail, publicKey } = this.#options.serviceAccount;
    const claims = verifyJwt(form.get('assertion') ?? '', publicKey);
    if (
      form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
      claims?.iss !== clientEmail
    ) {
      return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    }
    const token = `ya29.fake-${randomUUID()}`;
    this.#tokens.add(token);
    return { json: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }

  #catalog(path: string, query: URLSearchParams): Reply {
    const { projectId, dataset, descriptions } = this.#options;
    const datasetReference = { projectId, datasetId: dataset };
    if (path === '/datasets') {
      return {
        json: {
          kind: 'bigquery#datasetList',
          datasets: [{ id: `${projectId}:${dataset}`, datasetReference, location: 'US' }],
        },
      };
    }
    const parts = /^\/datasets\/([^/]+)(?:\/tables(?:\/([^/]+))?)?$/.exec(path);
    if (parts?.[1] !== dataset)
      return apiError(404, `Not found: Dataset ${projectId}:${parts?.[1] ?? path}`, 'notFound');
    const tables = this.#copy.tables();
    if (!path.includes('/tables'))
      return { json: { kind: 'bigquery#dataset', datasetReference, location: 'US' } };
    if (parts[2] === undefined) {
      // Pages of `maxResults` tables, so a client that lists everything must follow pageToken.
      const start = Number(query.get('pageToken') ?? 0);
      const size = Number(query.get('maxResults') ?? 5);
      const page = tables.slice(start, start + size).map((table) => ({
        id: `${projectId}:${dataset}.${table.name}`,
        tableReference: { projectId, datasetId: dataset, tableId: table.name },
        type: 'TABLE',
      }));
      const next = start + size < tables.length ? { nextPageToken: String(start + size) } : {};
      return { json: { kind: 'bigquery#tableList', tables: page, totalItems: tables.length, ...next } };
    }
    const table = tables.find((candidate) => candidate.name === parts[2]);
    if (!table) return apiError(404, `Not found: Table ${projectId}:${dataset}.${parts[2]}`, 'notFound');
    return { json: tableResource(table, projectId, dataset, descriptions) };
  }

  #insert(body: Record<string, unknown>): Reply {
    const configuration = (body.configuration ?? {}) as Record<string, unknown>;
    const query = (configuration.query ?? {}) as Record<string, unknown>;
    const reference = (body.jobReference ?? {}) as Record<string, unknown>;
    const { promise, resolve } = deferred();
    const job: FakeJob = {
      jobId: typeof reference.jobId === 'string' ? reference.jobId : randomUUID(),
      sql: typeof query.query === 'string' ? query.query : '',
      dryRun: configuration.dryRun === true,
      state: 'RUNNING',
      statementType: 'SELECT',
      error: null,
      result: null,
      ended: promise,
      end: resolve,
      timer: undefined,
    };
    this.jobs.push(job);
    let sql = job.sql;
    try {
      sql = this.#dates(translateSql(job.sql, this.#options.projectId));
      job.statementType = statementType(this.#copy.kind(sql), sql);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/more than one statement/.test(message)) job.statementType = 'SCRIPT';
      else if (job.dryRun) return apiError(400, message, 'invalidQuery');
      else this.#finish(job, { reason: 'invalidQuery', message });
    }
    const running = job.state === 'RUNNING'; // a job that failed to compile is already done
    if (job.dryRun) this.#finish(job, null);
    else if (running && this.#options.slowQueries.test(job.sql)) {
      this.#runSlowly(job, Number(configuration.jobTimeoutMs ?? 0));
    } else if (running) this.#execute(job, sql);
    return { json: this.#resource(job) };
  }

  /** A slow job ends only when cancelled, or when its jobTimeoutMs passes. */
  #runSlowly(job: FakeJob, timeoutMs: number): void {
    if (timeoutMs <= 0) return;
    job.timer = setTimeout(() => {
      this.#finish(job, { reason: 'timeout', message: `Job timed out after ${timeoutMs / 1000} sec.` });
    }, timeoutMs);
  }

  #execute(job: FakeJob, sql: string): void {
    try {
      const result = this.#copy.query(sql);
      job.result = { ...encodeRows(result), affected: result.reader ? null : result.changes };
      this.#finish(job, null);
    } catch (error) {
      this.#finish(job, {
        reason: 'invalidQuery',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  #finish(job: FakeJob, error: FakeJob['error']): void {
    if (job.state === 'DONE') return;
    clearTimeout(job.timer);
    job.state = 'DONE';
    job.error = error;
    job.end();
  }

  #cancel(job: FakeJob): Reply {
    if (job.state === 'RUNNING') {
      this.cancelled.push(job.jobId);
      this.#finish(job, {
        reason: 'stopped',
        message: 'Job execution was cancelled: User requested cancellation',
      });
    }
    return { json: { kind: 'bigquery#jobCancelResponse', job: this.#resource(job) } };
  }

  async #results(job: FakeJob, query: URLSearchParams): Promise<Reply> {
    await waitAtMost(job.ended, Number(query.get('timeoutMs') ?? this.#options.holdMs));
    const jobReference = { projectId: this.#options.projectId, jobId: job.jobId, location: 'US' };
    if (job.state === 'RUNNING')
      return { json: { kind: 'bigquery#getQueryResultsResponse', jobReference, jobComplete: false } };
    if (job.error) return apiError(400, job.error.message, job.error.reason);
    const result = job.result ?? { fields: [], rows: [], affected: null };
    const start = Number(query.get('pageToken') ?? query.get('startIndex') ?? 0);
    const size = Number(query.get('maxResults') ?? result.rows.length);
    const next = start + size < result.rows.length ? { pageToken: String(start + size) } : {};
    return {
      json: {
        kind: 'bigquery#getQueryResultsResponse',
        jobReference,
        schema: { fields: result.fields },
        rows: result.rows.slice(start, start + size),
        totalRows: String(result.rows.length),
        jobComplete: true,
        cacheHit: false,
        totalBytesProcessed: '0',
        ...(result.affected === null ? {} : { numDmlAffectedRows: String(result.affected) }),
        ...next,
      },
    };
  }

  #resource(job: FakeJob): Record<string, unknown> {
    const { projectId } = this.#options;
    const errors = job.error ? { errorResult: { ...job.error, location: 'query' }, errors: [job.error] } : {};
    return {
      kind: 'bigquery#job',
      id: `${projectId}:US.${job.jobId}`,
      jobReference: { projectId, ...(job.dryRun ? {} : { jobId: job.jobId }), location: 'US' },
      configuration: { query: { query: job.sql, useLegacySql: false }, dryRun: job.dryRun, jobType: 'QUERY' },
      status: { state: job.state, ...errors },
      statistics: { query: { statementType: job.statementType, totalBytesProcessed: '0' } },
    };
  }
}

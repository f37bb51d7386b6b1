import { refuseBoundValues } from '../bound-placeholder.ts';
import { randomUUID } from 'node:crypto';
import type { BigQuery, Job } from '@google-cloud/bigquery';
import type { JWT } from 'google-auth-library';
import { type BigQueryPhase, type BigQueryTarget, bigQueryError } from './errors.ts';
import { introspectBigQuery } from './introspect.ts';
import { type BigQueryField, describeFields } from './values.ts';
import type {
  ConnectionDetails,
  Connector,
  ConnectorOptions,
  EngineModule,
  ResultRow,
  ResultStream,
  RunOptions,
  RunResult,
  SchemaInfo,
  StreamOptions,
} from '../connector.ts';
import { ConnectorError, readOnlyError } from '../connector-error.ts';
import { secretDetail, textDetailOr } from '../details.ts';
import { QueryControl } from '../query-control.ts';
import { checkStatement, streamFromSource } from '../run-support.ts';

export interface BigQueryConnectorOptions extends ConnectorOptions {
  /**
   * Where the client sends API calls and the service-account token exchange instead of Google's
   * endpoints: private endpoints, proxies or emulators (BIGQUERY_API_ENDPOINT, BIGQUERY_TOKEN_URL),
   * a local fake in tests. Set by the operator for every connection, never a user's detail.
   */
  bigqueryEndpoints?: { apiEndpoint?: string; tokenUrl?: string };
}

/** One page of getQueryResults, read raw (`{f: [{v}]}` rows) so the schema decides every value. */
interface ResultPage {
  rows: unknown[];
  fields: BigQueryField[];
  totalRows: number | null;
  affectedRows: number | null;
  pageToken: string | null;
}

interface QueryResultsResponse {
  jobComplete?: boolean;
  schema?: { fields?: BigQueryField[] };
  totalRows?: string | number;
  numDmlAffectedRows?: string | number;
  pageToken?: string;
}

const googleTokenUrl = 'https://oauth2.googleapis.com/token';
const scopes = ['https://www.googleapis.com/auth/bigquery'];
/** BigQuery's own job limit is the backstop, a little after our timer, which cancels first. */
const serverLimitSlackMs = 1000;

/**
 * BigQuery through @google-cloud/bigquery with a service account key. There are no connections:
 * each statement is a query job, cancelled with jobs.cancel when stopped. The result's totalRows
 * makes the count of a cut result exact without a second query.
 *
 * Safe mode: BigQuery has no read-only switch, so besides the statement classifier every
 * statement is first sent as a dry run, and anything BigQuery itself does not call a SELECT is
 * refused. A dry run plans the query without running it or billing it.
 */
export class BigQueryConnector implements Connector {
  readonly engine = 'bigquery' as const;
  readonly dialect = 'bigquery' as const;
  readonly #target: BigQueryTarget;
  readonly #key: ParsedKey;
  readonly #endpoints: BigQueryConnectorOptions['bigqueryEndpoints'];
  #client: Promise<BigQuery> | null = null;
  #closed = false;

  constructor(details: ConnectionDetails, options: BigQueryConnectorOptions) {
    const endpoints = options.bigqueryEndpoints;
    const projectId = textDetailOr(details, 'project_id', '');
    const key = parseServiceAccount(secretDetail(details, 'service_account_json'));
    this.#target = {
      projectId,
      clientEmail: key.ok ? key.clientEmail : '(unreadable key)',
      apiEndpoint: new URL(endpoints?.apiEndpoint ?? 'https://bigquery.googleapis.com'),
    };
    this.#key = key;
    this.#endpoints = endpoints;
  }

  async test(): Promise<void> {
    const control = new QueryControl({ timeoutMs: 30_000 });
    try {
      await control.race(this.#dryRun('SELECT 1'));
    } catch (error) {
      throw this.#error(error, 'connect', control);
    } finally {
      control.dispose();
    }
  }

  async introspect(): Promise<SchemaInfo> {
    const control = new QueryControl({ timeoutMs: 120_000 });
    try {
      const client = await control.race(this.#bigQuery());
      return await introspectBigQuery(client, (work) => control.race(work));
    } catch (error) {
      throw this.#error(error, 'connect', control);
    } finally {
      control.dispose();
    }
  }

  async run(sql: string, options: RunOptions): Promise<RunResult> {
    refuseBoundValues(this.dialect, options.params);
    const startedAt = performance.now();
    const control = new QueryControl({ timeoutMs: options.timeoutMs, signal: options.signal });
    try {
      control.throwIfStopped();
      await this.#checkReadOnly(sql, options.readOnly, control);
      const job = await this.#startJob(sql, control);
      const page = await this.#readPage(job, control, { maxResults: options.rowCap + 1 });
      control.setCanceller(null);
      control.throwIfStopped();
      const { columns, convert } = describeFields(page.fields);
      const total = page.totalRows ?? page.rows.length;
      return {
        // convert already gives each row's JSON cells in column order.
        rows: page.rows.slice(0, options.rowCap).map(convert),
        columns,
        count: total,
        truncated: total > options.rowCap,
        durationMs: Math.round(performance.now() - startedAt),
        affectedRows: page.affectedRows,
      };
    } catch (error) {
      throw this.#error(error, 'statement', control);
    } finally {
      control.dispose();
    }
  }

  async stream(sql: string, options: StreamOptions): Promise<ResultStream> {
    const batchSize = options.batchSize ?? 1000;
    const control = new QueryControl({ timeoutMs: options.timeoutMs, signal: options.signal });
    try {
      control.throwIfStopped();
      await this.#checkReadOnly(sql, options.readOnly, control);
      const job = await this.#startJob(sql, control);
      const first = await this.#readPage(job, control, { maxResults: batchSize });
      // The job is done: what is left is reading pages, which nothing needs to cancel.
      control.setCanceller(null);
      const { columns, convert } = describeFields(first.fields);
      const toRows = (page: ResultPage): ResultRow[] => page.rows.map(convert);
      let pageToken = first.pageToken;
      return streamFromSource(
        {
          columns,
          first: toRows(first),
          next: async () => {
            if (!pageToken) return null;
            try {
              const page = await this.#readPage(job, control, { maxResults: batchSize, pageToken });
              pageToken = page.pageToken;
              return toRows(page);
            } catch (error) {
              throw this.#error(error, 'statement', control);
            }
          },
          release: () => {
            control.dispose();
            return Promise.resolve();
          },
        },
        control,
      );
    } catch (error) {
      control.dispose();
      throw this.#error(error, 'statement', control);
    }
  }

  /** Nothing stays open between statements; a closed connector refuses new ones. */
  close(): Promise<void> {
    this.#closed = true;
    return Promise.resolve();
  }

  /** The client, made on first use: Google's libraries take a quarter second to load. */
  #bigQuery(): Promise<BigQuery> {
    if (this.#closed) return Promise.reject(new Error('The BigQuery connector is closed'));
    const key = this.#key;
    if (!key.ok) return Promise.reject(new ConnectorError('auth', key.message));
    this.#client ??= createClient(this.#target.projectId, key.json, this.#endpoints);
    return this.#client;
  }

  /** The classifier first; then under safe mode BigQuery's own verdict from a dry run must be SELECT. */
  async #checkReadOnly(sql: string, readOnly: boolean, control: QueryControl): Promise<void> {
    let planned: Promise<string> | null = null;
    const statementType = (text: string): Promise<string> => (planned ??= control.race(this.#dryRun(text)));
    await checkStatement(
      sql,
      this.dialect,
      readOnly,
      async (text) => (await statementType(text)) === 'SELECT',
    );
    if (!readOnly) return;
    const type = await statementType(sql);
    if (type !== 'SELECT') throw readOnlyError(`BigQuery plans it as a ${type} statement`);
  }

  /** Plans the statement without running it; returns BigQuery's statement type (SELECT, INSERT, SCRIPT…). */
  async #dryRun(sql: string): Promise<string> {
    const client = await this.#bigQuery();
    const [job] = await client.createQueryJob({ query: sql, dryRun: true, useLegacySql: false });
    const statistics = job.metadata as { statistics?: { query?: { statementType?: string } } } | undefined;
    return statistics?.statistics?.query?.statementType ?? 'UNKNOWN';
  }

  /**
   * Inserts the query job under an id of our own, so a stop can cancel it even while the insert is
   * on its way; BigQuery's jobTimeoutMs is the backstop if the cancel never arrives.
   */
  async #startJob(sql: string, control: QueryControl): Promise<Job> {
    const client = await control.race(this.#bigQuery());
    const jobId = `querent_${randomUUID().replaceAll('-', '')}`;
    const inserting = client.createQueryJob({
      query: sql,
      jobId,
      useLegacySql: false,
      jobTimeoutMs: Math.ceil(control.timeoutMs) + serverLimitSlackMs,
      labels: { client: 'querent' },
    });
    control.setCanceller(async () => {
      // The created job knows its location, which BigQuery needs to find a job outside US/EU.
      const [created] = await inserting;
      await created.cancel();
    });
    const [created] = await control.race(inserting);
    return created;
  }

  /** Waits for the job to finish (each call is a long poll), then returns one page of its rows. */
  async #readPage(
    job: Job,
    control: QueryControl,
    query: { maxResults: number; pageToken?: string },
  ): Promise<ResultPage> {
    for (;;) {
      const [rows, , response] = await control.race(
        job.getQueryResults({ ...query, autoPaginate: false, skipParsing: true }),
      );
      const answer = (response ?? {}) as QueryResultsResponse;
      if (answer.jobComplete === false) continue;
      return {
        rows: rows as unknown[],
        fields: answer.schema?.fields ?? [],
        totalRows: answer.totalRows === undefined ? null : Number(answer.totalRows),
        affectedRows: answer.numDmlAffectedRows === undefined ? null : Number(answer.numDmlAffectedRows),
        pageToken: answer.pageToken ?? null,
      };
    }
  }

  #error(error: unknown, phase: BigQueryPhase, control: QueryControl): ConnectorError {
    return bigQueryError(error, this.#target, phase, control);
  }
}

type ParsedKey =
  | { ok: true; json: Record<string, unknown>; clientEmail: string }
  | { ok: false; message: string };

function parseServiceAccount(text: string | undefined): ParsedKey {
  const advice = 'paste the whole JSON key file of a service account';
  if (!text?.trim()) return { ok: false, message: `A service account key is needed — ${advice}.` };
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    if (typeof json.client_email === 'string' && typeof json.private_key === 'string') {
      return { ok: true, json, clientEmail: json.client_email };
    }
    return { ok: false, message: `The service account key lacks client_email or private_key — ${advice}.` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The service account key is not valid JSON — ${advice} (${reason}).` };
  }
}

async function createClient(
  projectId: string,
  key: Record<string, unknown>,
  endpoints: BigQueryConnectorOptions['bigqueryEndpoints'],
): Promise<BigQuery> {
  const [{ BigQuery }, { JWT }] = await Promise.all([
    import('@google-cloud/bigquery'),
    import('google-auth-library'),
  ]);
  return new BigQuery({
    projectId,
    authClient: redirectTokenExchange(
      new JWT({
        email: String(key.client_email),
        key: String(key.private_key),
        keyId: typeof key.private_key_id === 'string' ? key.private_key_id : undefined,
        scopes,
      }),
      endpoints?.tokenUrl,
    ),
    ...(endpoints?.apiEndpoint ? { apiEndpoint: endpoints.apiEndpoint } : {}),
    // A few quick retries for a dropped request, not a minute of back-off before an answer.
    retryOptions: { maxRetries: 2, maxRetryDelay: 4 },
    userAgent: 'querent',
  });
}

/**
 * With a fake's token URL, the service account's token exchange, which would go to Google's fixed
 * token endpoint, is sent there instead; nothing else about signing changes.
 */
function redirectTokenExchange(client: JWT, tokenUrl: string | undefined): JWT {
  if (tokenUrl) {
    client.transporter.interceptors.request.add({
      resolved: (config) => {
        if (String(config.url) === googleTokenUrl) config.url = new URL(tokenUrl);
        return Promise.resolve(config);
      },
    });
  }
  return client;
}

export const bigqueryEngine: EngineModule = {
  engine: 'bigquery',
  dialect: 'bigquery',
  Connector: BigQueryConnector,
};

import pg from 'pg';
import type { ConnectionDetails, ConnectorOptions, QueryOptions } from '../connector.ts';
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
import { QueryControl } from '../query-control.ts';
import { postgresResultTypes } from './types.ts';

/** A pooled connection held for one statement, with what it takes to stop and return it. */
export interface Lease {
  client: pg.PoolClient;
  control: QueryControl;
  pid: number;
  inTransaction: boolean;
  /** The statement changed session state (SET, BEGIN…): the connection must not be reused. */
  tainted: boolean;
}

/** How often a backend checks that Querent is still there while a statement runs. */
export const CLIENT_CHECK_INTERVAL_MS = 2000;

/**
 * A backend whose client died (Querent killed, the network lost) notices within seconds and
 * stops the statement, instead of running on to its timeout. The setting exists from PostgreSQL
 * 14 on; reading it through pg_settings leaves older servers alone instead of failing.
 */
const watchClientSql = `SELECT set_config(name, '${CLIENT_CHECK_INTERVAL_MS}', false) FROM pg_settings WHERE name = 'client_connection_check_interval'`;

/**
 * The connections of one PostgreSQL database: the pool, a connection leased and set up for one
 * statement (time limit, read-only) and given back or closed after it, cancelling a backend,
 * and what a driver error means. What runs on them is the connector's and introspect.ts's.
 */
export class PostgresSessions {
  readonly #config: pg.ClientConfig;
  readonly #pool: pg.Pool;
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

  async connect(): Promise<pg.PoolClient> {
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
  async acquire(options: QueryOptions): Promise<Lease> {
    const control = new QueryControl({
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      timerSlackMs: 1000,
    });
    const limit = Math.max(1, Math.ceil(options.timeoutMs));
    const setup = options.readOnly
      ? `BEGIN READ ONLY; SET LOCAL statement_timeout = ${limit}; SELECT pg_backend_pid() AS pid`
      : `SET statement_timeout = ${limit}; SELECT pg_backend_pid() AS pid`;
    for (let attempt = 1; ; attempt += 1) {
      let client: pg.PoolClient | undefined;
      try {
        control.throwIfStopped();
        client = await control.take(this.connect(), (late) => late.release());
        const results: unknown = await control.race(client.query(setup));
        // A stop while setting up: nothing was started, so the connection is simply dropped.
        control.throwIfStopped();
        return { client, control, pid: backendPid(results), inTransaction: options.readOnly, tainted: false };
      } catch (error) {
        client?.release(true);
        // An idle connection the server ended (an administrator, a restart) can be handed out
        // before the pool has read the server's goodbye. Only our set-up ran on it, so a fresh
        // connection is tried once.
        if (attempt === 1 && !control.reason && endedByServer(error)) continue;
        control.dispose();
        throw error instanceof ConnectorError ? error : this.statementError(error, control);
      }
    }
  }

  async release(lease: Lease): Promise<void> {
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
  async cancelBackend(pid: number): Promise<void> {
    await this.apart(async (client) => {
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    });
  }

  /** A short-lived connection of its own, outside the pool, ended once `use` is done. */
  async apart(use: (client: pg.Client) => Promise<void>): Promise<void> {
    const client = new pg.Client(this.#config);
    client.on('error', () => undefined);
    try {
      await client.connect();
      await use(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  statementError(error: unknown, control: QueryControl): ConnectorError {
    if (error instanceof ConnectorError) return error;
    if (control.reason) return control.error(error);
    // node-postgres puts the SQLSTATE in `code`.
    const { code, message } = driverErrorFields(error);
    if (code === '57014' && /statement timeout/.test(message))
      return timeoutError(control.timeoutMs, error, true);
    if (code === '25006') return databaseReadOnlyError(error);
    return networkError(error, this.#host, this.#port) ?? sqlError(error);
  }

  async close(): Promise<void> {
    await this.#pool.end();
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

/** The pid from the setup query's last result (a multi-statement query returns one result each). */
function backendPid(results: unknown): number {
  const last: unknown = Array.isArray(results) ? results.at(-1) : results;
  const rows = (last as { rows?: { pid?: unknown }[] } | undefined)?.rows;
  const pid = rows?.[0]?.pid;
  if (typeof pid !== 'number') throw new Error('PostgreSQL did not report the backend pid');
  return pid;
}

/** The server closed the session: SQLSTATE class 57P (shutdown, termination) or a dropped socket. */
function endedByServer(error: unknown): boolean {
  const { code, message } = driverErrorFields(error);
  return code?.startsWith('57P') === true || /Connection terminated unexpectedly/i.test(message);
}

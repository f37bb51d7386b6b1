import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connector, ConnectorError, createConnector } from '../../src/connectors/index.ts';
import { chinookDatabase, chinookPostgres, mysqlServer, postgresServer } from '../fixtures/chinook.ts';

/**
 * Pools recover when the database ends one of their connections (an administrator, a failover,
 * a restart), and PostgreSQL backends notice a client that died.
 */

const options = { rowCap: 10, timeoutMs: 20_000, readOnly: true };
const firstCell = async (connector: Connector, sql: string): Promise<unknown> =>
  (await connector.run(sql, options)).rows[0]?.[0];

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

const postgres = await chinookPostgres();

describe.skipIf(!postgres)('PostgreSQL pool after pg_terminate_backend', () => {
  let connector: Connector;
  let admin: pg.Client;
  beforeAll(async () => {
    connector = createConnector('postgres', { ...postgresServer, database: chinookDatabase });
    admin = new pg.Client({ ...postgresServer, database: 'postgres' });
    await admin.connect();
  });
  afterAll(async () => {
    await connector.close();
    await admin.end();
  });

  it('every backend checks its client while a statement runs', async () => {
    expect(await firstCell(connector, 'SHOW client_connection_check_interval')).toBe('2s');
  });

  it('replaces an idle connection the server ended', async () => {
    const pid = Number(await firstCell(connector, 'SELECT pg_backend_pid()'));
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitUntil(
      async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 0,
      5000,
    );
    for (let i = 0; i < 3; i += 1) {
      const now = Number(await firstCell(connector, 'SELECT pg_backend_pid()'));
      expect(now).not.toBe(pid);
    }
  });

  it('fails a statement whose backend is ended mid-run with a clear error, then runs the next', async () => {
    const marker = `querent_terminated_${Date.now()}`;
    const running = connector
      .run(`SELECT pg_sleep(30), '${marker}'`, options)
      .catch((error: unknown) => error);
    let pid = 0;
    await waitUntil(async () => {
      const found = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND pid <> pg_backend_pid()",
        [marker],
      );
      pid = found.rows[0]?.pid ?? 0;
      return pid !== 0;
    }, 5000);
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const error = await running;
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toMatch(/terminat/i);
    expect(await firstCell(connector, 'SELECT 41 + 1')).toBe(42);
  });
});

let mariaAdmin: mysql.Connection | null = null;
try {
  mariaAdmin = await mysql.createConnection({ ...mysqlServer, connectTimeout: 3000 });
} catch {
  mariaAdmin = null;
}

describe.skipIf(!mariaAdmin)('MariaDB pool after KILL CONNECTION', () => {
  let connector: Connector;
  const admin = mariaAdmin as mysql.Connection;
  beforeAll(() => {
    connector = createConnector('mysql', { ...mysqlServer, database: 'mysql' });
  });
  afterAll(async () => {
    await connector.close();
    await admin.end();
  });

  it('replaces a connection the server ended, idle or mid-statement', async () => {
    const id = Number(await firstCell(connector, 'SELECT CONNECTION_ID()'));
    await admin.query(`KILL CONNECTION ${id}`);
    expect(Number(await firstCell(connector, 'SELECT 41 + 1'))).toBe(42);

    const marker = `querent_killed_${Date.now()}`;
    const running = connector.run(`SELECT SLEEP(30), '${marker}'`, options).catch((error: unknown) => error);
    let busy = 0;
    await waitUntil(async () => {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE CONCAT('%', ?, '%') AND ID <> CONNECTION_ID()",
        [marker],
      );
      busy = Number(rows[0]?.ID ?? 0);
      return busy !== 0;
    }, 5000);
    await admin.query(`KILL CONNECTION ${busy}`);
    const error = await running;
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toMatch(/connection lost|closed the connection/i);
    expect(Number(await firstCell(connector, 'SELECT 41 + 1'))).toBe(42);
  });
});

import { writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionDetails, ConnectorError, createConnector } from '../../src/connectors/index.ts';
import { chinookDatabase, chinookMysql, chinookPostgres, temporaryDirectory } from '../fixtures/chinook.ts';

/** What test() throws for these details, as a ConnectorError. */
async function connectFailure(engine: string, details: ConnectionDetails): Promise<ConnectorError> {
  const connector = createConnector(engine, details, { connectTimeoutMs: 700 });
  try {
    await connector.test();
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  } finally {
    await connector.close();
  }
  throw new Error('The connection unexpectedly worked');
}

/** A server that accepts connections and never says a word: the connect timeout must fire. */
let silent: Server;
let silentPort = 0;
const silentSockets = new Set<Socket>();
beforeAll(async () => {
  silent = createServer((socket) => {
    silentSockets.add(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const postgres = await chinookPostgres();
const mysql = await chinookMysql();

describe.skipIf(!postgres)('PostgreSQL connection failures name the cause', () => {
  const base = { host: '127.0.0.1', port: 5432, user: 'postgres', database: chinookDatabase };

  it('unreachable port', async () => {
    const error = await connectFailure('postgres', { ...base, port: 5999 });
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(
      /^Cannot reach 127\.0\.0\.1:5999 — is the server running and the port right\?/,
    );
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('unknown host', async () => {
    const error = await connectFailure('postgres', { ...base, host: 'no-such-host.invalid' });
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/^Cannot find host no-such-host\.invalid/);
  });

  // This server trusts local connections, so a wrong password passes; an unknown role does not.
  it('authentication', async () => {
    const error = await connectFailure('postgres', { ...base, user: 'querent_nobody' });
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^Authentication failed for user querent_nobody/);
    expect(error.message).toContain('role "querent_nobody" does not exist');
  });

  it('missing database', async () => {
    const error = await connectFailure('postgres', { ...base, database: 'querent_nope' });
    expect(error.kind).toBe('missing_database');
    expect(error.message).toMatch(
      /^Database querent_nope does not exist \(database "querent_nope" does not exist\)/,
    );
  });

  it('silent server', async () => {
    const error = await connectFailure('postgres', { ...base, port: silentPort });
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/timed out/);
  });
});

describe.skipIf(!mysql)('MariaDB connection failures name the cause', () => {
  const base = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: chinookDatabase };

  it('unreachable port', async () => {
    const error = await connectFailure('mysql', { ...base, port: 5999 });
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/^Cannot reach 127\.0\.0\.1:5999/);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('wrong password', async () => {
    const error = await connectFailure('mysql', { ...base, password: 'wrong' });
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^Authentication failed for user root .*Access denied/);
  });

  it('missing database', async () => {
    const error = await connectFailure('mysql', { ...base, database: 'querent_nope' });
    expect(error.kind).toBe('missing_database');
    expect(error.message).toMatch(
      /^Database querent_nope does not exist \(Unknown database 'querent_nope'\)/,
    );
  });

  it('silent server', async () => {
    const error = await connectFailure('mysql', { ...base, port: silentPort });
    expect(error.kind).toBe('timeout');
  });
});

describe('file database failures name the cause', () => {
  let dir = '';
  let remove: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    ({ dir, remove } = await temporaryDirectory('querent-errors-'));
    await writeFile(`${dir}/garbage.db`, 'this is not a database, just some text '.repeat(200));
  });
  afterAll(() => remove());

  it('SQLite: missing file, and a file that is not a database', async () => {
    const missing = await connectFailure('sqlite', { filename: `${dir}/nope.sqlite` });
    expect(missing.kind).toBe('missing_database');
    expect(missing.message).toContain(`${dir}/nope.sqlite does not exist`);
    const garbage = await connectFailure('sqlite', { filename: `${dir}/garbage.db` });
    expect(garbage.kind).toBe('missing_database');
    expect(garbage.message).toContain('is not a SQLite database');
  });

  it('DuckDB: missing file, and a file that is not a database', async () => {
    const missing = await connectFailure('motherduck', { path: `${dir}/nope.duckdb` });
    expect(missing.kind).toBe('missing_database');
    const garbage = await connectFailure('motherduck', { path: `${dir}/garbage.db` });
    expect(garbage.kind).toBe('missing_database');
    expect(garbage.message).toContain('is not a DuckDB database');
  });

  it('MotherDuck: no token, and a failure that never shows the token', async () => {
    const noToken = await connectFailure('motherduck', { database: 'sample' });
    expect(noToken.kind).toBe('auth');
    // No network here: the extension cannot load, and the message must not carry the secret.
    const offline = await connectFailure('motherduck', { database: 'sample', token: 'md-secret-token-42' });
    expect(offline.message).not.toContain('md-secret-token-42');
  });
});

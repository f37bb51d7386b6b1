import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector } from '../../src/connectors/index.ts';
import type { SnowflakeConnectorOptions } from '../../src/connectors/index.ts';
import { defineFakeContractSuite } from '../fakes/fake-contract-suite.ts';
import { rsaKeyPair } from '../fakes/fake-jwt.ts';
import { SnowflakeFake } from '../fakes/snowflake-fake.ts';
import { connectorFailure } from '../helpers/connector-failure.ts';

const passphrase = 'correct horse battery staple';
const userKey = rsaKeyPair(passphrase);
const fake = await SnowflakeFake.start({
  password: 'secret',
  publicKey: userKey.publicKey,
  comments: { TRACK: 'Songs on sale', 'TRACK.NAME': 'Title of the song' },
});
afterAll(() => fake.close());

const options: SnowflakeConnectorOptions = { snowflakeAccessUrl: fake.url };
const details = {
  account: 'querent-test',
  user: 'querent',
  password: 'secret',
  database: 'CHINOOK',
  schema: 'PUBLIC',
  warehouse: 'FAKE_WH',
};
const read = { rowCap: 100, timeoutMs: 10_000, readOnly: true };

defineFakeContractSuite({
  label: 'Snowflake',
  engine: 'snowflake',
  details,
  options,
  names: {
    schema: 'PUBLIC',
    artist: 'ARTIST',
    album: 'ALBUM',
    track: 'TRACK',
    trackId: 'TRACKID',
    name: 'NAME',
  },
  table: (name) => name,
  // Loaded with unquoted names, Chinook's tables and columns are upper case, and so are aliases.
  result: (name) => name.toUpperCase(),
  types: { integer: /^NUMBER\(38,0\)$/, text: /^(TEXT|VARCHAR)$/ },
  trackComment: 'Songs on sale',
  missingColumnMessage: 'SQL compilation error:\nno such column: no_such_column',
  longQuery: (marker) => `SELECT SYSTEM$WAIT(60) AS ${marker}`,
  writes: [
    'DELETE FROM TRACK',
    "UPDATE TRACK SET NAME = 'x'",
    "INSERT INTO TRACK (TRACKID, NAME, MEDIATYPEID, MILLISECONDS, UNITPRICE) VALUES (0, 'x', 1, 1, 1)",
    'DROP TABLE TRACK',
    'UNDROP TABLE TRACK',
    'CREATE TABLE COPIED AS SELECT * FROM TRACK',
    'CREATE OR REPLACE TABLE TRACK AS SELECT 1 AS X',
    'ALTER TABLE TRACK ADD COLUMN EXTRA INT',
    'TRUNCATE TABLE TRACK',
    "MERGE INTO TRACK USING (SELECT 1 AS ID) S ON S.ID = TRACK.TRACKID WHEN MATCHED THEN UPDATE SET NAME = 'x'",
    'SELECT 1; DELETE FROM TRACK',
    "SELECT ';' AS A; DELETE FROM TRACK",
    'WITH D AS (SELECT 1) DELETE FROM TRACK',
    'COPY INTO @~/out FROM TRACK',
    "PUT 'file:///etc/passwd' @~",
    'CALL SYSTEM$CANCEL_ALL_QUERIES(1)',
    "EXECUTE IMMEDIATE 'DELETE FROM TRACK'",
    'ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 0',
    'USE SCHEMA OTHER',
    'GRANT SELECT ON TRACK TO ROLE PUBLIC',
    'BEGIN',
    'COMMIT',
  ],
  fake: {
    seen: () => fake.statements.length,
    running: (marker) => fake.running(marker),
    cancelled: (marker) => {
      const statement = fake.find(marker);
      return (
        statement?.state === 'aborted' && fake.aborted.some((abort) => abort.queryId === statement.queryId)
      );
    },
  },
  wrongSecret: { ...details, password: 'wrong' },
  authMessage:
    /^Authentication failed for user querent — check the user name and password \(Incorrect username or password/,
  // Nothing listens on port 9 (discard) here.
  unreachableOptions: { snowflakeAccessUrl: 'http://127.0.0.1:9' } as SnowflakeConnectorOptions,
});

describe('Snowflake specifics, through the fake', () => {
  const connector = createConnector('snowflake', details, options);
  afterAll(() => connector.close());

  it('cancels by request id before Snowflake has named the query, and by query id after', async () => {
    // The fake answers "still running" after 300 ms; only then does the driver know the query id.
    for (const [wait, by] of [
      [100, 'requestId'],
      [700, 'queryId'],
    ] as const) {
      const marker = `querent_wait_${wait}`;
      const abort = new AbortController();
      const pending = connectorFailure(
        connector.run(`SELECT SYSTEM$WAIT(60) AS ${marker}`, { ...read, signal: abort.signal }),
      );
      await sleep(wait);
      abort.abort();
      expect((await pending).kind).toBe('cancelled');
      const statement = fake.find(marker);
      expect(statement?.state).toBe('aborted');
      expect(fake.aborted).toContainEqual({ queryId: statement?.queryId, by });
    }
  });

  it("sends Snowflake's own statement time limit with each statement, as a backstop", async () => {
    await connector.run('SELECT 1 AS querent_limit', { ...read, timeoutMs: 4200 });
    expect(fake.find('querent_limit')?.parameters).toMatchObject({
      STATEMENT_TIMEOUT_IN_SECONDS: 6,
      MULTI_STATEMENT_COUNT: 1,
    });
  });

  it('keeps quoted names, exact decimals and Snowflake-formatted timestamps', async () => {
    const result = await connector.run(
      'SELECT InvoiceDate, Total, BillingCity AS "billingCity" FROM INVOICE ORDER BY InvoiceId LIMIT 1',
      read,
    );
    expect(result.columns.map((column) => column.name)).toEqual(['INVOICEDATE', 'TOTAL', 'billingCity']);
    expect(result.rows).toEqual([['2021-01-01 00:00:00.000', 1.98, 'Stuttgart']]);
    expect(result.columns.map((column) => column.type)).toEqual(['TIMESTAMP_NTZ', 'NUMBER(10,2)', 'VARCHAR']);
  });

  it('names a missing database', async () => {
    const missing = createConnector('snowflake', { ...details, database: 'NOPE' }, options);
    const error = await connectorFailure(missing.test());
    expect(error.kind).toBe('missing_database');
    expect(error.message).toBe(
      'Database NOPE does not exist (The requested database does not exist or not authorized.)',
    );
    await missing.close();
  });

  it('ends its Snowflake sessions on close', async () => {
    const other = createConnector('snowflake', details, options);
    await other.run('SELECT 1', read);
    const deleted = fake.deletedSessions;
    await other.close();
    expect(fake.deletedSessions).toBe(deleted + 1);
  });
});

describe('Snowflake key-pair authentication, through the fake', () => {
  const keyDetails = {
    ...details,
    password: '',
    private_key: userKey.privateKey,
    private_key_passphrase: passphrase,
  };

  it('logs in with an encrypted private key and its passphrase', async () => {
    const connector = createConnector('snowflake', keyDetails, options);
    await expect(connector.run('SELECT 1 AS one', read)).resolves.toMatchObject({
      columns: [{ name: 'ONE' }],
      rows: [[1]],
    });
    await connector.close();
  });

  it('names a wrong passphrase or a key Snowflake does not know', async () => {
    const wrongPassphrase = createConnector(
      'snowflake',
      { ...keyDetails, private_key_passphrase: 'nope' },
      options,
    );
    const unreadable = await connectorFailure(wrongPassphrase.test());
    expect(unreadable.kind).toBe('auth');
    expect(unreadable.message).toMatch(
      /^Authentication failed for user querent — check the user name, the private key/,
    );

    const otherKey = rsaKeyPair();
    const unknown = createConnector(
      'snowflake',
      { ...keyDetails, private_key: otherKey.privateKey, private_key_passphrase: '' },
      options,
    );
    const rejected = await connectorFailure(unknown.test());
    expect(rejected.kind).toBe('auth');
    expect(rejected.message).toContain('JWT token is invalid');
    await Promise.all([wrongPassphrase.close(), unknown.close()]);
  });
});

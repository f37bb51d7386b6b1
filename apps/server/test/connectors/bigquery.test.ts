import { afterAll, describe, expect, it } from 'vitest';
import type { BigQueryConnectorOptions } from '../../src/connectors/index.ts';
import { createConnector } from '../../src/connectors/index.ts';
import { BigQueryFake } from '../fakes/bigquery-fake.ts';
import { defineFakeContractSuite } from '../fakes/fake-contract-suite.ts';
import { rsaKeyPair } from '../fakes/fake-jwt.ts';
import { connectorFailure } from '../helpers/connector-failure.ts';

const clientEmail = 'querent@querent-test.iam.gserviceaccount.com';
const key = rsaKeyPair();
const fake = await BigQueryFake.start({
  serviceAccount: { clientEmail, publicKey: key.publicKey },
  slowQueries: /-- runs until cancelled$/,
  descriptions: { Track: 'Songs on sale', 'Track.Name': 'Title of the song' },
});
afterAll(() => fake.close());

const serviceAccount = (privateKey: string): string =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'querent-test',
    private_key_id: 'fake-key-1',
    private_key: privateKey,
    client_email: clientEmail,
    token_uri: 'https://oauth2.googleapis.com/token',
  });
const options: BigQueryConnectorOptions = {
  bigqueryEndpoints: { apiEndpoint: fake.url, tokenUrl: fake.tokenUrl },
};
const details = { project_id: 'querent-test', service_account_json: serviceAccount(key.privateKey) };
const read = { rowCap: 100, timeoutMs: 10_000, readOnly: true };

defineFakeContractSuite({
  label: 'BigQuery',
  engine: 'bigquery',
  details,
  options,
  names: {
    schema: 'chinook',
    artist: 'Artist',
    album: 'Album',
    track: 'Track',
    trackId: 'TrackId',
    name: 'Name',
  },
  table: (name) => `\`querent-test.chinook.${name}\``,
  result: (name) => name,
  types: { integer: /^INT64$/, text: /^STRING$/ },
  trackComment: 'Songs on sale',
  missingColumnMessage: 'no such column: no_such_column',
  // The fake keeps jobs tagged this way running until they are cancelled (or time out).
  longQuery: (marker) => `SELECT 1 AS ${marker} -- runs until cancelled`,
  writes: [
    'DELETE FROM chinook.Track WHERE true',
    "UPDATE chinook.Track SET Name = 'x' WHERE true",
    "INSERT INTO chinook.Track (TrackId, Name) VALUES (0, 'x')",
    'DROP TABLE chinook.Track',
    'CREATE TABLE chinook.copied AS SELECT * FROM chinook.Track',
    'CREATE OR REPLACE TABLE chinook.Track AS SELECT 1 AS x',
    'ALTER TABLE chinook.Track ADD COLUMN extra INT64',
    'TRUNCATE TABLE chinook.Track',
    "MERGE chinook.Track t USING (SELECT 1 AS id) s ON s.id = t.TrackId WHEN MATCHED THEN UPDATE SET Name = 'x'",
    'SELECT 1; DELETE FROM chinook.Track WHERE true',
    'WITH d AS (SELECT 1) DELETE FROM chinook.Track WHERE true',
    "EXPORT DATA OPTIONS (uri = 'gs://bucket/out-*.csv', format = 'CSV') AS SELECT * FROM chinook.Track",
    "LOAD DATA INTO chinook.Track FROM FILES (format = 'CSV', uris = ['gs://bucket/in.csv'])",
    "EXECUTE IMMEDIATE 'DELETE FROM chinook.Track WHERE true'",
    'CALL chinook.cleanup()',
    'DECLARE x INT64 DEFAULT 1',
    'BEGIN TRANSACTION',
    'CREATE TEMP FUNCTION twice(x INT64) AS (x * 2)',
    'GRANT `roles/bigquery.dataViewer` ON TABLE chinook.Track TO "user:someone@example.com"',
  ],
  fake: {
    seen: () => fake.jobs.length,
    running: (marker) => fake.running(marker),
    cancelled: (marker) => {
      const job = fake.find(marker);
      return job !== undefined && fake.cancelled.includes(job.jobId);
    },
  },
  wrongSecret: { ...details, service_account_json: serviceAccount(rsaKeyPair().privateKey) },
  authMessage: new RegExp(
    `^Authentication failed for service account ${clientEmail} — check that the service account JSON key .*\\(invalid_grant: Invalid JWT Signature\\.\\)$`,
  ),
  unreachableOptions: {
    bigqueryEndpoints: { apiEndpoint: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/token' },
  } as BigQueryConnectorOptions,
});

describe('BigQuery specifics, through the fake', () => {
  const connector = createConnector('bigquery', details, options);
  afterAll(() => connector.close());

  it('asks BigQuery for a dry run before any statement in safe mode, and none otherwise', async () => {
    await connector.run('SELECT 1 AS querent_checked', read);
    const jobs = fake.jobs.filter((job) => job.sql.includes('querent_checked'));
    expect(jobs.map((job) => [job.dryRun, job.statementType])).toEqual([
      [true, 'SELECT'],
      [false, 'SELECT'],
    ]);
    await connector.run('SELECT 2 AS querent_unchecked', { ...read, readOnly: false });
    expect(fake.jobs.filter((job) => job.sql.includes('querent_unchecked')).map((job) => job.dryRun)).toEqual(
      [false],
    );
  });

  it('lets BigQuery vouch for a read the classifier cannot parse', async () => {
    // GLOB is beyond the classifier's grammar; the dry run plans it as a SELECT.
    const result = await connector.run("SELECT count(*) AS n FROM chinook.Artist WHERE Name GLOB 'A*'", read);
    expect(result).toMatchObject({ columns: [{ name: 'n' }], rows: [[26]] });
  });

  it('names a missing project and an unreadable key', async () => {
    const missing = createConnector('bigquery', { ...details, project_id: 'nope' }, options);
    const notFound = await connectorFailure(missing.test());
    expect(notFound.kind).toBe('missing_database');
    expect(notFound.message).toBe(
      'Project nope does not exist or the service account cannot see it — check the project id (Not found: Project nope)',
    );
    const garbled = createConnector(
      'bigquery',
      { ...details, service_account_json: '{"client_email": 1' },
      options,
    );
    const unreadable = await connectorFailure(garbled.test());
    expect(unreadable.kind).toBe('auth');
    expect(unreadable.message).toMatch(
      /^The service account key is not valid JSON — paste the whole JSON key file/,
    );
    await Promise.all([missing.close(), garbled.close()]);
  });

  it('reports DML row counts', async () => {
    const result = await connector.run("UPDATE chinook.Genre SET Name = Name WHERE Name = 'Jazz'", {
      ...read,
      readOnly: false,
    });
    expect(result).toMatchObject({ affectedRows: 1, rows: [], truncated: false });
  });
});

import type Database from 'better-sqlite3';
import { BigQueryFake } from '../fakes/bigquery-fake.ts';
import { rsaKeyPair } from '../fakes/fake-jwt.ts';
import { SnowflakeFake } from '../fakes/snowflake-fake.ts';

/*
 * Chinook on the Snowflake and BigQuery fakes as a user connects it: the connection details the
 * app is given, and the variables that point the app's connectors at the fake instead of the
 * cloud. `prepare` adds a suite's own tables to the fake's Chinook copy.
 */

export interface CloudChinook {
  engine: 'snowflake' | 'bigquery';
  details: Record<string, unknown>;
  /** Variables the app needs to reach this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function snowflakeChinook(prepare?: (db: Database.Database) => void): Promise<CloudChinook> {
  const fake = await SnowflakeFake.start({ password: 'secret', ...(prepare ? { prepare } : {}) });
  return {
    engine: 'snowflake',
    details: {
      account: 'querent-test',
      user: 'querent',
      password: 'secret',
      database: 'CHINOOK',
      schema: 'PUBLIC',
      warehouse: 'FAKE_WH',
    },
    env: { SNOWFLAKE_ACCESS_URL: fake.url },
    close: () => fake.close(),
  };
}

export async function bigqueryChinook(prepare?: (db: Database.Database) => void): Promise<CloudChinook> {
  const clientEmail = 'querent@querent-test.iam.gserviceaccount.com';
  const key = rsaKeyPair();
  const fake = await BigQueryFake.start({
    serviceAccount: { clientEmail, publicKey: key.publicKey },
    ...(prepare ? { prepare } : {}),
  });
  return {
    engine: 'bigquery',
    details: {
      project_id: 'querent-test',
      service_account_json: JSON.stringify({
        type: 'service_account',
        project_id: 'querent-test',
        private_key_id: 'test-key',
        private_key: key.privateKey,
        client_email: clientEmail,
        token_uri: 'https://oauth2.googleapis.com/token',
      }),
    },
    env: { BIGQUERY_API_ENDPOINT: fake.url, BIGQUERY_TOKEN_URL: fake.tokenUrl },
    close: () => fake.close(),
  };
}

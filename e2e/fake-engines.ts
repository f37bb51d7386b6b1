// Where the browser suite's Snowflake and BigQuery live: local fakes of their HTTP APIs (the same
// ones the connector tests use), started by fakes-setup.ts on fixed ports before the server, which
// reaches them through SNOWFLAKE_ACCESS_URL, BIGQUERY_API_ENDPOINT and BIGQUERY_TOKEN_URL.
import { rsaKeyPair } from '../apps/server/test/fakes/fake-jwt.ts';

const host = '127.0.0.1';
// Next to the server's port (E2E_PORT, 3199 by default), so runs given different ports, as
// parallel checkouts are, do not fight over the fakes' ports either.
const serverPort = Number(process.env.E2E_PORT ?? 3199);
const snowflakePort = serverPort - 2;
const bigqueryPort = serverPort - 1;

/** The Snowflake account the fake serves: what the specs type into the form. */
export const snowflakeFake = {
  port: snowflakePort,
  url: `http://${host}:${snowflakePort}`,
  account: 'querent-test',
  user: 'querent',
  password: 'e2e-snowflake-password',
  database: 'CHINOOK',
  schema: 'PUBLIC',
  warehouse: 'FAKE_WH',
  role: 'PUBLIC',
} as const;

/** The BigQuery project the fake serves, with its Chinook dataset. */
export const bigqueryFake = {
  port: bigqueryPort,
  url: `http://${host}:${bigqueryPort}`,
  tokenUrl: `http://${host}:${bigqueryPort}/token`,
  projectId: 'querent-test',
  dataset: 'chinook',
  clientEmail: 'querent-e2e@querent-test.iam.gserviceaccount.com',
} as const;

/** The server's view of the fakes: the variables an operator sets for a private endpoint or emulator. */
export const fakeEndpointsEnv = {
  SNOWFLAKE_ACCESS_URL: snowflakeFake.url,
  BIGQUERY_API_ENDPOINT: bigqueryFake.url,
  BIGQUERY_TOKEN_URL: bigqueryFake.tokenUrl,
} as const;

/** Printed by fakes-setup.ts once both fakes listen; playwright.config.ts waits for it. */
export const fakesReadyLine = 'Snowflake and BigQuery fakes ready';

const serviceAccountVariable = 'E2E_BIGQUERY_SERVICE_ACCOUNT';

/**
 * The fakes process's environment, with a service account key file holding a fresh RSA key, made
 * once per run: playwright.config.ts calls this in the runner process, whose environment the
 * workers inherit, so the key a spec pastes is the one the fake's token endpoint accepts.
 */
export function fakesProcessEnv(): Record<string, string> {
  const json = (process.env[serviceAccountVariable] ??= newServiceAccount());
  return { [serviceAccountVariable]: json };
}

function newServiceAccount(): string {
  const { privateKey } = rsaKeyPair();
  return JSON.stringify(
    {
      type: 'service_account',
      project_id: bigqueryFake.projectId,
      private_key_id: 'querent-e2e-key',
      private_key: privateKey,
      client_email: bigqueryFake.clientEmail,
      token_uri: 'https://oauth2.googleapis.com/token',
    },
    null,
    2,
  );
}

/** The key made for this run; outside a run through playwright.config.ts there is none. */
export function bigqueryServiceAccount(): string {
  const json = process.env[serviceAccountVariable];
  if (!json) throw new Error(`${serviceAccountVariable} is not set: run through playwright.config.ts`);
  return json;
}

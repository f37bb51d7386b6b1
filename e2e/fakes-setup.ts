// The Snowflake and BigQuery fakes for the browser suite, as a process of their own:
// playwright.config.ts starts it as the first webServer, so they listen on their fixed ports before
// Querent starts, and stops it with SIGTERM after the run. Run by Node directly (type stripping).
import { createPublicKey } from 'node:crypto';
import { BigQueryFake } from '../apps/server/test/fakes/bigquery-fake.ts';
import { SnowflakeFake } from '../apps/server/test/fakes/snowflake-fake.ts';
import { bigqueryFake, bigqueryServiceAccount, fakesReadyLine, snowflakeFake } from './fake-engines.ts';

async function startFakes(): Promise<{ close: () => Promise<void> }> {
  const key = JSON.parse(bigqueryServiceAccount()) as { private_key: string };
  // The token endpoint checks the key's signatures with the public half of the key the specs paste.
  const publicKey = createPublicKey(key.private_key).export({ type: 'spki', format: 'pem' }).toString();
  const started = await Promise.allSettled([
    SnowflakeFake.start({
      port: snowflakeFake.port,
      account: snowflakeFake.account,
      user: snowflakeFake.user,
      password: snowflakeFake.password,
      database: snowflakeFake.database,
      schema: snowflakeFake.schema,
    }),
    BigQueryFake.start({
      port: bigqueryFake.port,
      projectId: bigqueryFake.projectId,
      dataset: bigqueryFake.dataset,
      serviceAccount: { clientEmail: bigqueryFake.clientEmail, publicKey },
    }),
  ]);
  const fakes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.allSettled(fakes.map((fake) => fake.close()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // One fake up without the other is no use; free its port and its Chinook copy.
    await close();
    throw failed.reason;
  }
  return { close };
}

const fakes = await startFakes();
const stop = () => {
  void fakes.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
console.log(`${fakesReadyLine}: Snowflake ${snowflakeFake.url}, BigQuery ${bigqueryFake.url}`);

import { enableCompileCache } from 'node:module';
import type { BuiltApp } from './app.ts';
import type { AppConfig } from './config/load-config.ts';

// Node keeps the compiled code of every module it loads (ours after type stripping, and the
// dependencies') in a cache directory, by default under the system's temporary directory, or
// NODE_COMPILE_CACHE. A restart then skips most of the compiling: module loading, the larger part
// of start-up, takes about half as long. Failing to enable it is silent and only costs that time.
// The cache must be on before the modules load, so they are imported here and not at the top.
enableCompileCache();
const [
  { buildApp },
  { LOCAL_ADMIN_ID },
  { prepareAuth },
  { ensureDemoDatabase },
  { bundledDemoTemplate },
  { loadConfig },
  { migrateToLatest },
] = await Promise.all([
  import('./app.ts'),
  import('./auth/local-admin.ts'),
  import('./auth/prepare-auth.ts'),
  import('./demo/ensure-demo-database.ts'),
  import('./demo/demo-template.ts'),
  import('./config/load-config.ts'),
  import('./store/migrate.ts'),
]);

const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    // A configuration mistake is the operator's to fix: print the message, not a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** The demo is a convenience: failing to build it is logged, never a reason not to start. */
async function createDemo(built: BuiltApp, config: AppConfig): Promise<void> {
  try {
    const outcome = await ensureDemoDatabase({
      db: built.store.db,
      secrets: built.databases.secrets,
      dataDir: config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
      template: bundledDemoTemplate(),
    });
    if (outcome.created) built.app.log.info({ databaseId: outcome.databaseId }, 'Created the demo database');
  } catch (error) {
    built.app.log.error({ err: error }, 'Could not create the demo database');
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const built = await buildApp(config);
  const { app, store } = built;

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'Shutting down');
    // A stuck connection or driver must not keep a stopped server alive forever.
    setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    built.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  try {
    await migrateToLatest(store);
    // Before listening: nobody sees a conversation this instance left running when it died.
    await built.recoverInterruptedTurns();
    await prepareAuth(config.authMode, store.db);
    // The demo belongs to the local administrator, whom hosted mode does not have.
    if (config.demoDatabase && config.hostedAuth === null) await createDemo(built, config);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'Startup failed');
    await built.close().catch(() => undefined);
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info({ url: `http://${shownHost}:${port}` }, `Querent is running at http://${shownHost}:${port}`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Querent could not start: ${message}`);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});

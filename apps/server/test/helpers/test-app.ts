import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import type { BuildAppOptions, BuiltApp } from '../../src/app.ts';
import { buildApp } from '../../src/app.ts';
import { prepareAuth } from '../../src/auth/prepare-auth.ts';
import type { AppConfig } from '../../src/config/load-config.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { makeTempDir } from './temp-dir.ts';

export interface RunningApp {
  built: BuiltApp;
  config: AppConfig;
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** A config as main.ts would read it, in a fresh data directory, with quiet logs. */
export function testConfig(env: Record<string, string> = {}): { config: AppConfig; cleanup: () => void } {
  const temp = makeTempDir();
  const config = loadConfig({
    DATA_DIR: temp.dir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(temp.dir, 'no-web-dist'),
    // Suites of several helpers share one Redis: each test process keeps its keys and channels
    // (rate-limit counts, Socket.IO events) to itself; its instances still share them.
    REDIS_KEY_PREFIX: `querent-test-${process.pid}`,
    ...env,
  });
  return { config, cleanup: temp.remove };
}

/** A port nothing listens on now, for an app whose PUBLIC_URL must name its real address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('No free port');
  return address.port;
}

/** Boots the app the way main.ts does and listens on a free port of 127.0.0.1. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildAppOptions & {
    beforeListen?: (built: BuiltApp) => void;
    /** false leaves the store without its local administrator: nobody can sign in. */
    prepareAuth?: boolean;
    /** A port chosen beforehand (PUBLIC_URL naming it), instead of any free one. */
    port?: number;
  } = {},
): Promise<RunningApp> {
  const { config, cleanup } = testConfig(env);
  const built = await buildApp(config, options);
  try {
    await migrateToLatest(built.store);
    if (options.prepareAuth !== false) await prepareAuth(config.authMode, built.store.db);
    options.beforeListen?.(built);
    await built.app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    await built.close();
    cleanup();
    throw error;
  }
  const address = built.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('Server has no TCP address');
  return {
    built,
    config,
    port: address.port,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async stop() {
      await built.close();
      cleanup();
    },
  };
}

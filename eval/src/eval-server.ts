import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { BuiltApp } from '../../apps/server/src/app.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { prepareAuth } from '../../apps/server/src/auth/prepare-auth.ts';
import type { AppConfig } from '../../apps/server/src/config/load-config.ts';
import { loadConfig } from '../../apps/server/src/config/load-config.ts';
import { migrateToLatest } from '../../apps/server/src/store/migrate.ts';

/*
 * The real server, built as main.ts builds it (HTTP, Socket.IO, the store, the agent loop), in
 * this process and on a free port of 127.0.0.1, with a fresh data directory. The model answering
 * is chosen by the caller from the configuration, so the harness can meter it.
 */

export interface EvalServer {
  built: BuiltApp;
  config: AppConfig;
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startEvalServer(input: {
  /** Variables as the environment would give them; the data directory and logging are the harness's. */
  env: Record<string, string>;
  model(config: AppConfig): Promise<LanguageModelV4>;
  /** The clock the analyst reads "today" from: each case's own "now". */
  now: () => Date;
}): Promise<EvalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'querent-eval-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  let built: BuiltApp | null = null;
  try {
    const config = loadConfig({
      // The same "today" on every machine, unless the evaluation says otherwise.
      ANALYST_TIME_ZONE: 'UTC',
      ...input.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATABASE: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    });
    built = await buildApp(config, { languageModel: await input.model(config), now: input.now });
    await migrateToLatest(built.store);
    await prepareAuth(config.authMode, built.store.db);
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const address = built.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('The server has no TCP address');
    const running = built;
    return {
      built: running,
      config,
      baseUrl: `http://127.0.0.1:${address.port}`,
      async stop() {
        await running.close();
        remove();
      },
    };
  } catch (error) {
    await built?.close();
    remove();
    throw error;
  }
}

/** A JSON call to the server's REST API as the local administrator; a non-2xx status throws. */
export async function callApi<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return (text === '' ? null : JSON.parse(text)) as T;
}

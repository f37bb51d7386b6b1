// The server's own metadata store, for data no API creates (issues come from the analyst's quality
// checks). playwright.config.ts makes the data directory and hands it to the workers here.
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The variable that carries the server's DATA_DIR from the config to the workers. */
export const dataDirEnv = 'E2E_DATA_DIR';

/**
 * Opens the server's SQLite store (querent.sqlite in its data directory) beside the running
 * server; the busy timeout waits out the server's own writes. Close it when done.
 */
export function openServerStore(): Database.Database {
  const dataDir = process.env[dataDirEnv];
  if (!dataDir) throw new Error(`${dataDirEnv} is not set: run through playwright.config.ts`);
  const store = new Database(join(dataDir, 'querent.sqlite'));
  store.pragma('busy_timeout = 5000');
  store.pragma('foreign_keys = ON');
  return store;
}

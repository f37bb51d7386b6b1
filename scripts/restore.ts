// `npm run restore -- <folder> [--force]`: puts a backup made by `npm run backup` back into the
// configured store (DATABASE_URL or DATA_DIR). Stop the server first; --force replaces a store
// that already holds data.
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/load-config.ts';
import { readBackup } from './backup-folder.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const folder = args.find((arg) => arg !== '--force');

if (folder === undefined) {
  console.error('Usage: npm run restore -- <backup folder> [--force]');
  process.exit(2);
}

try {
  const config = loadConfig();
  const manifest = await readBackup(config, path.resolve(folder), force);
  console.log(
    `Restored the ${manifest.store} store from ${path.resolve(folder)} (made ${manifest.createdAt})`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// What `npm run backup` writes and `npm run restore` reads: one folder holding the store's copy,
// the key that decrypts its connection secrets, and the uploaded files' DuckDB databases.
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../apps/server/src/config/load-config.ts';
import { uploadsRoot } from '../apps/server/src/modules/databases/upload-database-file.ts';
import { SECRET_KEY_FILE } from '../apps/server/src/secrets/secret-key.ts';
import {
  backupStore,
  restoreStore,
  storeBackupFile,
  storeHasData,
} from '../apps/server/src/store/store-backup.ts';

const MANIFEST = 'querent-backup.json';

interface Manifest {
  store: AppConfig['store']['kind'];
  createdAt: string;
  /** Whether the key file was copied: it is not when SECRET_KEY is set (the operator keeps it). */
  secretKeyFile: boolean;
  uploads: boolean;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export async function writeBackup(config: AppConfig, folder: string): Promise<Manifest> {
  if (await exists(folder)) throw new Error(`${folder} already exists; name a new folder for the backup`);
  await mkdir(folder, { recursive: true });
  await backupStore(config.store, path.join(folder, storeBackupFile(config.store.kind)));
  const keyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  const secretKeyFile = config.secretKey === null && (await exists(keyFile));
  if (secretKeyFile) await cp(keyFile, path.join(folder, SECRET_KEY_FILE));
  const uploads = await exists(uploadsRoot(config.dataDir));
  if (uploads) await cp(uploadsRoot(config.dataDir), path.join(folder, 'uploads'), { recursive: true });
  const manifest: Manifest = {
    store: config.store.kind,
    createdAt: new Date().toISOString(),
    secretKeyFile,
    uploads,
  };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readBackup(config: AppConfig, folder: string, force: boolean): Promise<Manifest> {
  const manifestFile = path.join(folder, MANIFEST);
  if (!(await exists(manifestFile)))
    throw new Error(`${folder} is not a Querent backup: it has no ${MANIFEST}`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  if (manifest.store !== config.store.kind) {
    throw new Error(
      `This backup is of a ${manifest.store} store and the configured store is ${config.store.kind}; set DATABASE_URL (or unset it) to match`,
    );
  }
  if (!force && (await storeHasData(config.store))) {
    throw new Error('The configured store already holds data; stop the server and add --force to replace it');
  }
  await restoreStore(config.store, path.join(folder, storeBackupFile(manifest.store)));
  if (manifest.secretKeyFile) {
    await mkdir(config.dataDir, { recursive: true });
    await cp(path.join(folder, SECRET_KEY_FILE), path.join(config.dataDir, SECRET_KEY_FILE));
  }
  if (manifest.uploads) {
    await rm(uploadsRoot(config.dataDir), { recursive: true, force: true });
    await cp(path.join(folder, 'uploads'), uploadsRoot(config.dataDir), { recursive: true });
  }
  return manifest;
}

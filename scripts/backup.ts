// `npm run backup -- [folder]`: a consistent copy of the store (while the server runs), its secret
// key file and the uploads, into a new folder (default ./backups/querent-<time>).
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/load-config.ts';
import { writeBackup } from './backup-folder.ts';

try {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const folder = path.resolve(process.argv[2] ?? path.join('backups', `querent-${stamp}`));
  const manifest = await writeBackup(config, folder);
  const extras = [manifest.secretKeyFile ? 'secret key file' : '', manifest.uploads ? 'uploads' : ''].filter(
    Boolean,
  );
  console.log(
    `Backed up the ${manifest.store} store${extras.length ? ` with its ${extras.join(' and ')}` : ''} to ${folder}`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

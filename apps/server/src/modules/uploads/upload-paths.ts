import path from 'node:path';
import { uploadsRoot } from '../databases/upload-database-file.ts';

/** Files being received, and intermediate files; emptied as each upload ends. */
export function uploadTempDir(dataDir: string): string {
  return path.join(uploadsRoot(dataDir), 'tmp');
}

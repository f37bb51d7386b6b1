import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const SECRET_KEY_FILE = 'secret.key';
const KEY_BYTES = 32;

function isErrnoException(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

function readKeyFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== KEY_BYTES) {
    throw new Error(
      `The secret key file ${file} is damaged: it must hold the base64 of ${KEY_BYTES} bytes. Restore it from a backup, or set SECRET_KEY to the key the stored secrets were encrypted with.`,
    );
  }
  return key;
}

/**
 * The key that encrypts connection secrets: SECRET_KEY when configured, otherwise a key file made
 * once in the data directory. The file is created exclusively (`wx`), so two instances starting
 * together on one data directory end up with the same key rather than overwriting each other.
 */
export function loadSecretKey(options: { configured: Buffer | null; dataDir: string }): Buffer {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!isErrnoException(error, 'EEXIST')) throw error;
  }
  return readKeyFile(file);
}

import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  maskDetails,
  openDetails,
  restoreMaskedSecrets,
  SECRET_MASK,
  sealDetails,
} from '../../src/secrets/connection-secrets.ts';
import { createSecretBox, SecretDecryptionError } from '../../src/secrets/secret-box.ts';
import { loadSecretKey, SECRET_KEY_FILE } from '../../src/secrets/secret-key.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const temp = makeTempDir('querent-secrets-');
  cleanups.push(temp.remove);
  return temp.dir;
}

describe('secret key', () => {
  it('uses SECRET_KEY when configured and writes no file', () => {
    const dir = tempDir();
    const configured = Buffer.alloc(32, 1);
    expect(loadSecretKey({ configured, dataDir: dir })).toBe(configured);
    expect(() => statSync(path.join(dir, SECRET_KEY_FILE))).toThrow();
  });

  it('generates a key file once, readable only by its owner, and reuses it', () => {
    const dir = path.join(tempDir(), 'not', 'yet', 'there');
    const first = loadSecretKey({ configured: null, dataDir: dir });
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ configured: null, dataDir: dir }).equals(first)).toBe(true);
  });

  it('refuses a damaged key file with a message saying what to do', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SECRET_KEY_FILE), 'garbage');
    expect(() => loadSecretKey({ configured: null, dataDir: dir })).toThrow(/is damaged.*SECRET_KEY/);
  });
});

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 3));

  it('round-trips, with a fresh IV each time and no plaintext in the result', () => {
    const a = box.seal('hunter2', 'details.password');
    const b = box.seal('hunter2', 'details.password');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(a.startsWith('v1:')).toBe(true);
    expect(box.open(a, 'details.password')).toBe('hunter2');
  });

  it('refuses tampering, another field, and another key', () => {
    const sealed = box.seal('hunter2', 'details.password');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'details.password')).toThrow(SecretDecryptionError);
    expect(() => box.open(sealed, 'details.token')).toThrow(SecretDecryptionError);
    const other = createSecretBox(Buffer.alloc(32, 4));
    expect(() => other.open(sealed, 'details.password')).toThrow(
      /cannot be decrypted with the current secret key/,
    );
  });
});

describe('connection secrets', () => {
  const box = createSecretBox(Buffer.alloc(32, 5));
  const details = {
    host: 'db',
    port: 5432,
    password: 'pw',
    token: 'tok',
    private_key: '-----BEGIN PRIVATE KEY-----',
    private_key_passphrase: 'phrase',
    service_account_json: '{"client_email":"a"}',
    database: null,
  };

  it('seals every secret field and nothing else', () => {
    const sealed = sealDetails(details, box);
    expect(sealed.host).toBe('db');
    expect(sealed.port).toBe(5432);
    expect(sealed.database).toBeNull();
    for (const field of [
      'password',
      'token',
      'private_key',
      'private_key_passphrase',
      'service_account_json',
    ]) {
      expect(String(sealed[field])).toMatch(/^v1:/);
    }
    expect(openDetails(sealed, box)).toEqual(details);
  });

  it('masks present secrets, leaves empty ones as they are', () => {
    expect(maskDetails({ user: 'u', password: 'x', token: '', private_key: null })).toEqual({
      user: 'u',
      password: SECRET_MASK,
      token: '',
      private_key: null,
    });
  });

  it('lets the mask stand for a stored secret only', () => {
    expect(restoreMaskedSecrets({ password: SECRET_MASK, user: 'u' }, { password: 'old' })).toEqual({
      password: 'old',
      user: 'u',
    });
    expect(() => restoreMaskedSecrets({ password: SECRET_MASK }, null)).toThrow(/details.password/);
  });
});

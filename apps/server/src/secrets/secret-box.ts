import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format, so a later key rotation or algorithm can tell old values apart. */
const PREFIX = 'v1:';

export interface SecretBox {
  /** Encrypts text; `purpose` is bound to the result, so a value cannot be moved to another field. */
  seal(plain: string, purpose: string): string;
  open(sealed: string, purpose: string): string;
}

export class SecretDecryptionError extends Error {
  constructor(purpose: string, cause?: unknown) {
    super(
      `The stored ${purpose} cannot be decrypted with the current secret key (SECRET_KEY or DATA_DIR/secret.key changed?). Enter it again.`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'SecretDecryptionError';
  }
}

/** AES-256-GCM with a random IV per value: `v1:` + base64(iv | tag | ciphertext). */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, purpose) {
      if (!sealed.startsWith(PREFIX)) throw new SecretDecryptionError(purpose);
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError(purpose);
      try {
        const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch (error) {
        throw new SecretDecryptionError(purpose, error);
      }
    },
  };
}

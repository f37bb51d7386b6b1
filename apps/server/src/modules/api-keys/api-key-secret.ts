import { createHash, randomBytes } from 'node:crypto';

/** Every key starts so, which tells it apart from other Bearer tokens (and secret scanners find it). */
export const API_KEY_PREFIX = 'qk_';
/** Characters of the secret shown to tell keys apart: the prefix and eight more (48 bits). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;

/** 32 random bytes: guessing one is hopeless, so a fast hash of it is safe to store. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the store keeps of a secret: its SHA-256, so reading the table yields no usable key. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The start of the secret, shown in lists. */
export function shownPrefixOf(secret: string): string {
  return secret.slice(0, SHOWN_CHARS);
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: the session's only secret, which lives in the browser's cookie alone. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored id of a session: a hash of its token, so reading the table yields no usable session. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

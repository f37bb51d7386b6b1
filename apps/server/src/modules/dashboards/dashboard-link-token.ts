import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in the address: guessing one is hopeless, so a fast hash of it is safe to store. */
export function newDashboardLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a token: its SHA-256, so reading the table opens no dashboard. */
export function hashDashboardLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

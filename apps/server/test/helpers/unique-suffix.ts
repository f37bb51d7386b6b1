import { randomBytes } from 'node:crypto';

/** Ten hex characters for a scratch object's name (schema, database, file), so parallel suites never share one. */
export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

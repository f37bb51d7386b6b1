import pg from 'pg';
import { createClient } from 'redis';

export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ServiceCheck {
  ok: boolean;
  reason: string;
}

export async function checkPostgres(url = TEST_POSTGRES_URL): Promise<ServiceCheck> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true, reason: '' };
  } catch (error) {
    return { ok: false, reason: `PostgreSQL at ${url} is unreachable: ${String(error)}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(url = TEST_REDIS_URL): Promise<ServiceCheck> {
  const client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { ok: true, reason: '' };
  } catch (error) {
    return { ok: false, reason: `Redis at ${url} is unreachable: ${String(error)}` };
  } finally {
    if (client.isOpen) await client.close();
  }
}

/**
 * A missing service skips its suite locally, loudly; under CI=true it is a failure, so a broken
 * CI machine cannot pass by skipping.
 */
export function serviceGate(name: string, check: ServiceCheck): { run: boolean; failInCi: boolean } {
  if (check.ok) return { run: true, failInCi: false };
  if (process.env.CI === 'true') return { run: false, failInCi: true };
  console.warn(`\n[skipped] ${name}: ${check.reason}\n`);
  return { run: false, failInCi: false };
}

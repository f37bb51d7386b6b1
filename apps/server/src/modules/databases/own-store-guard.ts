import { realpathSync } from 'node:fs';
import path from 'node:path';
import { type Engine, engineDescriptors } from '@querent/contracts';
import type { StoreConfig } from '../../config/settings/server.ts';
import { AppError } from '../../errors.ts';
import type { Details } from '../../secrets/connection-secrets.ts';

const refusal =
  "is Querent's own metadata store: connecting it as a data source would expose every user's conversations and encrypted secrets, so it is refused";

/** The same file however it was written: relative, through a symlink, or with `..`. */
function canonicalFile(file: string): string {
  const resolved = path.resolve(file);
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

function canonicalHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return loopbackHosts.has(lower) || lower.startsWith('127.') ? 'loopback' : lower;
}

interface PostgresTarget {
  host: string;
  port: number;
  database: string;
}

function storeTarget(url: string): PostgresTarget {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || 'postgres';
  return {
    host: canonicalHost(parsed.hostname || 'localhost'),
    port: Number(parsed.port || 5432),
    // libpq's default database is the user's name.
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user,
  };
}

/**
 * Refuses details that point at the store Querent keeps its own data in: the SQLite file (also
 * through DuckDB, which can read SQLite files) or the PostgreSQL database of DATABASE_URL.
 */
export function refuseOwnStore(engine: Engine, details: Details, store: StoreConfig): void {
  if (store.kind === 'sqlite') {
    const own = canonicalFile(store.file);
    const field = engineDescriptors[engine].fields.find((candidate) => candidate.localPath)?.name ?? null;
    const file = field === null ? undefined : details[field];
    if (
      field !== null &&
      typeof file === 'string' &&
      file.trim() !== '' &&
      canonicalFile(file.trim()) === own
    ) {
      throw new AppError('BAD_REQUEST', `details.${field} ${refusal}`, { field: `details.${field}` });
    }
    return;
  }
  if (engine !== 'postgres') return;
  const own = storeTarget(store.url);
  const target = {
    host: canonicalHost(String(details.host ?? 'localhost')),
    port: Number(details.port ?? 5432),
    database: String(details.database ?? ''),
  };
  if (target.host === own.host && target.port === own.port && target.database === own.database) {
    throw new AppError('BAD_REQUEST', `details.database ${refusal}`, { field: 'details.database' });
  }
}

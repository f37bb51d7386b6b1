import { copyFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_ADMIN_ID } from '../../apps/server/src/auth/local-admin.ts';
import { ensureDemoDatabase } from '../../apps/server/src/demo/ensure-demo-database.ts';
import { requireDatabase } from '../../apps/server/src/modules/databases/database-access.ts';
import type { EvalServer } from './eval-server.ts';
import { callApi } from './eval-server.ts';
import type { EvalDialect } from './golden-set.ts';
import { ensureSampleDatabase } from './sample-database-file.ts';

/*
 * The database a set is asked about, registered in the server as a user would connect it: the
 * generated Demo shop, the Chinook sample, a SQLite or DuckDB file, or a PostgreSQL or MySQL URL.
 * Every one is connected in safe mode, so nothing the analyst runs can change it.
 */

export interface EvalDatabase {
  id: string;
  name: string;
  engine: string;
  dialect: EvalDialect;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the Chinook sample lives: CHINOOK_DIR, else the datasets folder beside the repository. */
export function chinookFile(): string {
  const dir = process.env.CHINOOK_DIR ?? join(repoRoot, '..', 'shared', 'datasets', 'chinook');
  return join(dir, 'chinook.sqlite');
}

interface Connection {
  name: string;
  engine: string;
  details: Record<string, unknown>;
}

function fromUrl(spec: string): Connection | null {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    return null;
  }
  const engine = {
    'postgres:': 'postgres',
    'postgresql:': 'postgres',
    'mysql:': 'mysql',
    'mariadb:': 'mysql',
  }[url.protocol];
  if (engine === undefined) return null;
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return {
    name: database,
    engine,
    details: {
      host: url.hostname,
      ...(url.port === '' ? {} : { port: Number(url.port) }),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database,
    },
  };
}

const named = (spec: string) => spec === 'demo-shop' || spec === 'chinook' || fromUrl(spec) !== null;

/**
 * The database a set names, with a relative file path read from the set's own folder, so a set
 * and its sample database can move together and run from any working directory.
 */
export function databaseOfSet(spec: string, setFile: string): string {
  if (named(spec) || isAbsolute(spec)) return spec;
  return resolve(dirname(setFile), spec);
}

function connectionOf(spec: string, dataDir: string): Connection {
  const url = fromUrl(spec);
  if (url) return url;
  const file = spec === 'chinook' ? chinookFile() : resolve(spec);
  if (!ensureSampleDatabase(file)) {
    throw new Error(
      spec === 'chinook'
        ? `The Chinook sample is not at ${file}; set CHINOOK_DIR to the folder holding chinook.sqlite.`
        : `No database file at ${file} (give a SQLite or DuckDB file, or a postgres:// or mysql:// URL).`,
    );
  }
  if (/\.duckdb$/i.test(file)) return { name: basename(file), engine: 'motherduck', details: { path: file } };
  // The sample is shared and read-only: the server opens a copy of its own.
  const filename = spec === 'chinook' ? join(dataDir, 'chinook.sqlite') : file;
  if (spec === 'chinook') copyFileSync(file, filename);
  return { name: spec === 'chinook' ? 'Chinook' : basename(file), engine: 'sqlite', details: { filename } };
}

/** The dialect its connector speaks, as the local administrator who registered it. */
async function dialectOf(server: EvalServer, id: string): Promise<EvalDialect> {
  const admin = { id: LOCAL_ADMIN_ID, role: 'admin' as const, organizationId: null };
  const record = await requireDatabase(server.built.store.db, admin, id, 'read');
  return server.built.databases.connections.forDatabase(record).dialect;
}

/** Registers the database named by `spec` and returns it with its SQL dialect. */
export async function registerDatabase(server: EvalServer, spec: string): Promise<EvalDatabase> {
  if (spec === 'demo-shop') {
    const outcome = await ensureDemoDatabase({
      db: server.built.store.db,
      secrets: server.built.databases.secrets,
      dataDir: server.config.dataDir,
      ownerId: LOCAL_ADMIN_ID,
    });
    if (!outcome.created) throw new Error('The Demo shop database was not created');
    const id = outcome.databaseId;
    return { id, name: 'Demo shop', engine: 'sqlite', dialect: await dialectOf(server, id) };
  }
  const connection = connectionOf(spec, server.config.dataDir);
  const created = await callApi<{ id: string }>(server.baseUrl, 'POST', '/api/databases', {
    ...connection,
    safe_mode: true,
  });
  return { ...connection, id: created.id, dialect: await dialectOf(server, created.id) };
}

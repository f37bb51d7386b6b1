import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadSecretKey } from '../../src/secrets/secret-key.ts';
import type { Store } from '../../src/store/connect.ts';
import { createStore } from '../../src/store/connect.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { seedGraph } from '../helpers/seed-graph.ts';
import { checkPostgres, serviceGate } from '../helpers/services.ts';
import { snapshotStore, storeColumns } from '../helpers/store-snapshot.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { openPostgresTestStore } from '../helpers/test-stores.ts';

/*
 * npm run backup / npm run restore as an operator runs them: a backup taken while the store is
 * open, the store and data directory wiped, the backup restored, and every row of every table,
 * the secret key file and the uploads compared with what they were.
 */

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
// npm scripts put the repo's Node 24 first on PATH; the machine's own Node cannot strip types.
const nodeBinary = path.join(repoRoot, 'node_modules/.bin/node');

const postgresGate = serviceGate('Store backup and restore on PostgreSQL', await checkPostgres());
if (postgresGate.failInCi) {
  describe('Store backup and restore on PostgreSQL', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(nodeBinary, [`scripts/${name}.ts`, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => {
      // execFile's failure carries the exit code and both outputs.
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    },
  );
}

async function everyRow(store: Store) {
  return snapshotStore(store, await storeColumns(store));
}

/** Puts what a running instance keeps in DATA_DIR besides the store: the key and an upload. */
function fillDataDir(dataDir: string): { key: string; upload: string } {
  loadSecretKey({ configured: null, dataDir });
  const uploadFile = path.join(dataDir, 'uploads', 'local-admin', 'db-1.duckdb');
  mkdirSync(path.dirname(uploadFile), { recursive: true });
  writeFileSync(uploadFile, Buffer.from('not really duckdb, but bytes to keep'));
  return {
    key: readFileSync(path.join(dataDir, 'secret.key'), 'utf8'),
    upload: readFileSync(uploadFile, 'utf8'),
  };
}

function readDataDir(dataDir: string): { key: string; upload: string } {
  return {
    key: readFileSync(path.join(dataDir, 'secret.key'), 'utf8'),
    upload: readFileSync(path.join(dataDir, 'uploads', 'local-admin', 'db-1.duckdb'), 'utf8'),
  };
}

describe('backup and restore of a SQLite store', () => {
  it('restores every row, the secret key and the uploads into a wiped data directory', async () => {
    const temp = makeTempDir();
    const dataDir = path.join(temp.dir, 'data');
    const folder = path.join(temp.dir, 'backup-1');
    const file = path.join(dataDir, 'querent.sqlite');
    const env = { DATA_DIR: dataDir };
    try {
      let store = createStore({ kind: 'sqlite', file });
      await migrateToLatest(store);
      await seedGraph(store);
      const files = fillDataDir(dataDir);
      const before = await everyRow(store);

      // Taken while the store is open, as on a running server.
      const backup = await script('backup', [folder], env);
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(backup.stdout).toContain('Backed up the sqlite store with its secret key file and uploads to');
      await store.destroy();

      rmSync(dataDir, { recursive: true, force: true });
      const restore = await script('restore', [folder], env);
      expect(restore, restore.stderr).toMatchObject({ code: 0 });

      store = createStore({ kind: 'sqlite', file });
      try {
        expect(await everyRow(store)).toEqual(before);
        expect(before.get('users')?.rows.length).toBeGreaterThan(0);
      } finally {
        await store.destroy();
      }
      expect(readDataDir(dataDir)).toEqual(files);

      const again = await script('restore', [folder], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(
        'The configured store already holds data; stop the server and add --force',
      );
      expect((await script('restore', [folder, '--force'], env)).code).toBe(0);

      const existing = await script('backup', [folder], env);
      expect(existing.code).toBe(1);
      expect(existing.stderr).toContain('already exists');
    } finally {
      temp.remove();
    }
  });

  it('refuses a folder that is not a backup, and a backup of the other kind of store', async () => {
    const temp = makeTempDir();
    try {
      const notBackup = await script('restore', [temp.dir], { DATA_DIR: temp.dir });
      expect(notBackup.code).toBe(1);
      expect(notBackup.stderr).toContain('is not a Querent backup');
      writeFileSync(path.join(temp.dir, 'querent-backup.json'), JSON.stringify({ store: 'postgres' }));
      const otherKind = await script('restore', [temp.dir], { DATA_DIR: temp.dir });
      expect(otherKind.stderr).toContain(
        'This backup is of a postgres store and the configured store is sqlite',
      );
    } finally {
      temp.remove();
    }
  });
});

describe.skipIf(!postgresGate.run)('backup and restore of a PostgreSQL store', () => {
  it('restores every row into a wiped database with pg_dump and pg_restore', async () => {
    const temp = makeTempDir();
    const testStore = await openPostgresTestStore();
    const folder = path.join(temp.dir, 'backup-pg');
    const env = { DATA_DIR: path.join(temp.dir, 'data'), ...testStore.env };
    try {
      const { store } = testStore;
      await migrateToLatest(store);
      await seedGraph(store);
      const before = await everyRow(store);

      const backup = await script('backup', [folder], env);
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(backup.stdout).toContain('Backed up the postgres store');

      await sql`drop schema public cascade`.execute(store.db);
      await sql`create schema public`.execute(store.db);
      expect((await storeColumns(store)).size).toBe(0);

      const restore = await script('restore', [folder], env);
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(await everyRow(store)).toEqual(before);
      // The restored store is one the app can go on migrating: nothing left to apply.
      expect((await migrateToLatest(store)).results).toEqual([]);
    } finally {
      await testStore.dispose();
      temp.remove();
    }
  });
});

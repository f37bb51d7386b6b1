import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlRunEnd } from '../../../src/modules/sql-runs/sql-run-observer.ts';
import { findDatabaseById } from '../../../src/modules/databases/databases.repo.ts';
import { runLookup } from '../../../src/modules/conversations/run-lookup.ts';
import { findUserById } from '../../../src/modules/users/users.repo.ts';
import type { SqlRunDeps } from '../../../src/modules/sql-runs/sql-run-deps.ts';
import type { TrackTurnStatementDeps } from '../../../src/modules/conversations/track-turn-statement.ts';
import { apiClient } from '../../helpers/api-client.ts';
import type { ScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { openScratchPostgres } from '../../helpers/scratch-postgres.ts';
import { checkPostgres, serviceGate } from '../../helpers/services.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * The analyst's own reads (column_values) on a real PostgreSQL: read-only, capped, and stopped by
 * the shorter of their own time limit and the database's, through the one SQL path its observers
 * hear; the database's rows are never stored anywhere.
 */
const gate = serviceGate('Analyst lookups on PostgreSQL', await checkPostgres());
if (gate.failInCi) {
  describe('Analyst lookups on PostgreSQL', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

describe.skipIf(!gate.run)('analyst lookups', () => {
  let scratch: ScratchPostgres;
  let running: RunningApp;
  const ends: SqlRunEnd[] = [];
  let deps: SqlRunDeps & TrackTurnStatementDeps;
  let lookUp: (
    sql: string,
    limits?: { rowCap?: number; timeLimitMs?: number },
  ) => ReturnType<typeof runLookup>;

  beforeAll(async () => {
    scratch = await openScratchPostgres(
      'CREATE TABLE notes (id integer PRIMARY KEY); INSERT INTO notes SELECT generate_series(1, 50);',
    );
    running = await startTestApp();
    const api = apiClient(running.baseUrl);
    const created = await api.post<{ id: string }>('/api/databases', {
      name: 'Scratch',
      engine: 'postgres',
      details: scratch.details,
    });
    expect(created.status, created.text).toBe(201);
    const database = await findDatabaseById(running.built.store.db, created.body.id);
    if (!database) throw new Error('the database was not stored');
    const owner = await findUserById(running.built.store.db, database.ownerId);
    if (!owner) throw new Error('the database has no owner');
    const conversation = await api.post<{ id: string }>('/api/conversations', {
      contextId: `database-${database.id}`,
    });
    const { connections } = running.built.databases;
    // The app's connections, with a database timeout of 1.5 s and an observer of the test's.
    const observer = {
      afterRun(run: SqlRunEnd) {
        ends.push(run);
      },
    };
    deps = {
      connections,
      rowCap: 10_000,
      defaultTimeoutMs: 1500,
      sqlRunObservers: [observer],
      log: running.built.app.log,
      db: running.built.store.db,
    };
    lookUp = (sql, limits = {}) =>
      runLookup(deps, {
        asker: owner,
        conversationId: conversation.body.id,
        database,
        sql,
        rowCap: limits.rowCap ?? 100,
        timeLimitMs: limits.timeLimitMs ?? 5000,
        signal: new AbortController().signal,
      });
  });

  afterAll(async () => {
    await running.stop();
    await scratch.dispose();
  });

  it('answers capped rows, read-only, heard by the observers as the analyst', async () => {
    const read = await lookUp('SELECT id FROM notes ORDER BY id', { rowCap: 10 });
    expect(read).toMatchObject({ ok: true, truncated: true });
    expect(read.ok && read.rows).toHaveLength(10);
    expect(ends.at(-1)).toMatchObject({ purpose: 'agent', readOnly: true, outcome: 'succeeded' });
    const write = await lookUp('DELETE FROM notes');
    expect(write.ok).toBe(false);
  });

  it('stops at its own time limit when it is shorter than the database’s', async () => {
    const started = performance.now();
    const slow = await lookUp('SELECT pg_sleep(5)', { timeLimitMs: 200 });
    expect(slow.ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1400);
  });

  it('never waits longer than the database’s own timeout', async () => {
    const started = performance.now();
    const slow = await lookUp('SELECT pg_sleep(5)', { timeLimitMs: 60_000 });
    expect(slow.ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(4500);
  });
});

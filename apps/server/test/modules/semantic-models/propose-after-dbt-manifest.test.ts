import { afterEach, describe, expect, it } from 'vitest';
import { insertDatabase } from '../../../src/modules/databases/databases.repo.ts';
import { proposeAfterDbtManifest } from '../../../src/modules/semantic-models/propose-after-dbt-manifest.ts';
import { findSemanticModel } from '../../../src/modules/semantic-models/semantic-models.repo.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import { migrateToLatest } from '../../../src/store/migrate.ts';
import { newId } from '../../../src/store/values.ts';
import type { TestStore } from '../../helpers/test-stores.ts';
import { openSqliteTestStore } from '../../helpers/test-stores.ts';
import { readFixture } from '../../semantic/interchange/jaffle-model.ts';

/*
 * What an uploaded dbt manifest's semantic layer leaves behind, on a real SQLite store: a pending
 * proposal with the conversion's warnings logged; and when the store fails, an error logged and
 * nothing thrown, so the upload that handed the manifest on is answered regardless.
 */

interface Logged {
  details: object;
  message: string;
}

function recordingLog() {
  const warned: Logged[] = [];
  const failed: Logged[] = [];
  return {
    warned,
    failed,
    log: {
      warn: (details: object, message: string) => warned.push({ details, message }),
      error: (details: object, message: string) => failed.push({ details, message }),
    },
  };
}

const semanticManifest = JSON.parse(readFixture('semantic_manifest.json')) as Record<string, unknown>;

describe('proposeAfterDbtManifest', () => {
  let testStore: TestStore | null = null;
  afterEach(async () => {
    await testStore?.dispose();
    testStore = null;
  });

  async function seededStore() {
    testStore = openSqliteTestStore();
    const { db } = testStore.store;
    await migrateToLatest(testStore.store);
    const owner = newId();
    await insertUser(db, { id: owner, role: 'member' });
    const database = await insertDatabase(db, {
      id: newId(),
      name: 'Photos',
      engine: 'sqlite',
      details: { filename: '/nonexistent.sqlite' },
      safeMode: false,
      isPublic: false,
      dbtManifest: null,
      dbtCatalog: null,
      dbtSummary: { manifest: null, catalog: null },
      statementTimeoutMs: null,
      ownerId: owner,
      organizationId: null,
      sharedWithOrganization: false,
    });
    return { db, database, actor: { id: owner, role: 'member' as const, organizationId: null } };
  }

  it('keeps the semantic layer as a pending import and logs what it left out', async () => {
    const { db, database, actor } = await seededStore();
    const { log, warned, failed } = recordingLog();
    // Sent as the file's text, as a client may.
    await proposeAfterDbtManifest({ db, log }).afterDbtManifest({
      database,
      actor,
      manifest: JSON.stringify(semanticManifest),
    });
    const stored = await findSemanticModel(db, database.id);
    expect(stored?.model).toBeNull();
    expect(stored?.proposal?.source).toBe('import');
    expect(stored?.proposal?.model.metrics.map((metric) => metric.name)).toEqual([
      'sum_total_eur',
      'sum_total',
      'count_orders',
      'aov_eur',
    ]);
    expect(failed).toEqual([]);
    expect(warned).toHaveLength(1);
    expect(JSON.stringify(warned[0]?.details)).toContain(
      'semantic_models.foto_orders_semantic_model.entities.agent',
    );
  });

  it('proposes nothing for a manifest without semantic models or metrics', async () => {
    const { db, database, actor } = await seededStore();
    const { log, warned, failed } = recordingLog();
    await proposeAfterDbtManifest({ db, log }).afterDbtManifest({
      database,
      actor,
      manifest: { nodes: {}, semantic_models: {}, metrics: {} },
    });
    expect(await findSemanticModel(db, database.id)).toBeNull();
    expect([...warned, ...failed]).toEqual([]);
  });

  it('logs a failure of the store and throws nothing', async () => {
    const { db, database, actor } = await seededStore();
    const { log, failed } = recordingLog();
    // The store is gone (closed, its file deleted) by the time the proposal is written.
    await testStore?.dispose();
    testStore = null;
    await expect(
      proposeAfterDbtManifest({ db, log }).afterDbtManifest({ database, actor, manifest: semanticManifest }),
    ).resolves.toBeUndefined();
    expect(failed).toHaveLength(1);
    expect(failed[0]?.message).toBe('The dbt manifest’s semantic layer could not be proposed');
  });
});

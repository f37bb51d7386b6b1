import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPostgres, serviceGate } from '../helpers/services.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import type { TestStore } from '../helpers/test-stores.ts';
import { openPostgresTestStore } from '../helpers/test-stores.ts';

const gate = serviceGate('App on PostgreSQL suite', await checkPostgres());

if (gate.failInCi) {
  describe('App on PostgreSQL', () => {
    it('needs a reachable PostgreSQL under CI=true', () => {
      expect.fail('PostgreSQL is unreachable and CI=true: this suite cannot be skipped in CI');
    });
  });
}

describe.skipIf(!gate.run)('App on PostgreSQL', () => {
  let testStore: TestStore;
  let running: RunningApp;

  beforeAll(async () => {
    testStore = await openPostgresTestStore();
    running = await startTestApp({}, { store: testStore.store });
  });

  afterAll(async () => {
    await running.stop();
    await testStore.dispose();
  });

  it('boots, migrates and serves the local administrator from PostgreSQL', async () => {
    expect(running.built.store.dialect).toBe('postgres');
    const user = await fetch(`${running.baseUrl}/api/user`);
    expect(await user.json()).toMatchObject({ id: 'local-admin', role: 'admin', organization_id: null });
    const credits = await fetch(`${running.baseUrl}/api/user/credits`);
    expect(await credits.json()).toEqual({ credits_remaining: 0, unlimited: true });
  });
});

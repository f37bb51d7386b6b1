import type {
  EntityDetail,
  Issue,
  QualityCheck,
  QualityRunSummary,
  QualitySchedule,
} from '@querent/contracts';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_ID } from '../../../src/auth/local-admin.ts';
import { insertEntity } from '../../../src/modules/business-entities/business-entities.repo.ts';
import { insertCheck } from '../../../src/modules/quality/checks/checks.repo.ts';
import { runDueSchedules } from '../../../src/modules/quality/schedule/run-due-schedules.ts';
import { insertUser } from '../../../src/modules/users/users.repo.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import { newId } from '../../../src/store/values.ts';
import { temporaryDirectory } from '../../fixtures/chinook.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { actAsHeaderUser, apiClient, expectError } from '../../helpers/api-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import type { AppStore } from '../../helpers/store-dialects.ts';
import { storeDialects } from '../../helpers/store-dialects.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * The issue lifecycle and the quality routes over real HTTP, on both store dialects, against a
 * SQLite database whose data the suite changes between runs: a finding opens an issue, a second
 * run updates it, a fix resolves it, a regression reopens it (never a second issue), a worse
 * finding raises its severity, a dismissal needs a reason and mutes the check until the check
 * changes, and issues a person or the analyst opened are never closed by a passing check.
 */

for (const dialect of await storeDialects('Data-quality lifecycle')) {
  describe.skipIf(!dialect.run)(`data-quality lifecycle on the ${dialect.name}`, () => {
    let appStore: AppStore;
    let running: RunningApp;
    let api: ApiClient;
    let db: StoreDb;
    let data: Database.Database;
    let removeData: () => Promise<void>;
    let databaseId: string;
    let entityId: string;
    const eve = newId();

    beforeAll(async () => {
      appStore = await dialect.open();
      running = await startTestApp(appStore.env, {
        ...(appStore.store ? { store: appStore.store } : {}),
        beforeListen: actAsHeaderUser,
      });
      api = apiClient(running.baseUrl);
      db = running.built.store.db;
      await insertUser(db, { id: eve, role: 'member' });
      const dir = await temporaryDirectory('querent-lifecycle-');
      removeData = dir.remove;
      const filename = `${dir.dir}/people.sqlite`;
      data = new Database(filename);
      data.exec(`CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT, team TEXT);
        INSERT INTO people VALUES (1, 'a@x', 'red'), (2, NULL, 'red'), (3, '', 'blue'), (4, 'd@x', 'blue');`);
      databaseId = (
        await addDatabase(api, {
          name: 'People',
          engine: 'sqlite',
          details: { filename },
        })
      ).id;
      entityId = (
        await insertEntity(db, {
          databaseId,
          name: 'Person',
          definition: null,
          table: { schema: 'main', name: 'people' },
          tableRef: 'people',
          keyColumns: ['id'],
          origin: 'user',
        })
      ).id;
    });

    afterAll(async () => {
      data.close();
      await running.stop();
      await appStore.dispose();
      await removeData();
    });

    const run = async () => {
      const ran = await api.post<EntityDetail>(`/api/business-entities/${entityId}/runs`, {});
      expect(ran.status, ran.text).toBe(200);
      return ran.body;
    };
    const issueOf = async (checkId: string) =>
      (await api.get<Issue[]>(`/api/issues?contextId=database-${databaseId}`)).body.filter(
        (issue) => issue.check_id === checkId,
      );

    let emailCheck: QualityCheck;

    it('a finding opens an issue, with the check that found it, its evidence and a count of one', async () => {
      const created = await api.post<QualityCheck>(`/api/business-entities/${entityId}/checks`, {
        definition: { kind: 'completeness', columns: ['EMAIL'] },
      });
      expect(created.status, created.text).toBe(201);
      emailCheck = created.body;
      // Spelled as the table spells it, judged by the defaults, and run once already.
      expect(emailCheck).toMatchObject({
        title: 'email is always filled',
        definition: { kind: 'completeness', columns: ['email'] },
        severity: 'medium',
        warn_percent: 0,
        fail_percent: 5,
        origin: 'user',
        state: 'active',
        latest_run: { status: 'fail', failing_count: 2, total_count: 4 },
      });
      const [issue] = await issueOf(emailCheck.id);
      expect(issue).toMatchObject({
        title: 'Missing email in people',
        severity: 'medium',
        status: 'open',
        origin: 'check',
        occurrences: 1,
        observed: '2 of 4 rows (50%) have no email',
        business_entity_id: entityId,
      });
      expect(issue?.evidence?.rows.map((row) => row[0])).toEqual([2, 3]);
    });

    it('a second run updates the same issue', async () => {
      await run();
      const issues = await issueOf(emailCheck.id);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.occurrences).toBe(2);
    });

    it('a passing run resolves the issue its check opened', async () => {
      data.exec("UPDATE people SET email = 'fixed@x' WHERE email IS NULL OR email = ''");
      const detail = await run();
      expect(detail.checks.find((check) => check.id === emailCheck.id)?.latest_run?.status).toBe('pass');
      expect((await issueOf(emailCheck.id))[0]).toMatchObject({ status: 'resolved', occurrences: 2 });
    });

    it('a regression reopens it rather than opening another', async () => {
      data.exec('UPDATE people SET email = NULL WHERE id = 4');
      await run();
      const issues = await issueOf(emailCheck.id);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        status: 'open',
        occurrences: 3,
        observed: '1 of 4 rows (25%) have no email',
      });
    });

    it('raises the severity when a warning worsens into a failure, and never lowers it', async () => {
      const created = await api.post<QualityCheck>(`/api/business-entities/${entityId}/checks`, {
        definition: { kind: 'validity', columns: ['team'], params: { accepted_values: ['red', 'blue'] } },
        severity: 'high',
        warn_percent: 0,
        fail_percent: 30,
      });
      expect(created.status, created.text).toBe(201);
      data.exec("UPDATE people SET team = 'green' WHERE id = 1");
      await run();
      const teamCheck = created.body.id;
      // A warning is one level below the check's severity.
      expect((await issueOf(teamCheck))[0]).toMatchObject({ severity: 'medium', status: 'open' });
      data.exec("UPDATE people SET team = 'green' WHERE id IN (1, 2)");
      await run();
      expect((await issueOf(teamCheck))[0]).toMatchObject({ severity: 'high' });
      data.exec("UPDATE people SET team = 'red' WHERE id = 2");
      await run();
      expect((await issueOf(teamCheck))[0]).toMatchObject({ severity: 'high', occurrences: 3 });
      data.exec("UPDATE people SET team = 'red' WHERE id = 1");
      await run();
      expect((await issueOf(teamCheck))[0]).toMatchObject({ status: 'resolved' });
    });

    it('dismissing needs a reason, and mutes the check until the check changes', async () => {
      const [issue] = await issueOf(emailCheck.id);
      if (!issue) throw new Error('no issue');
      expectError(await api.put(`/api/issues/${issue.id}`, { ...issue, status: 'dismissed' }), 400, {
        field: 'dismissed_reason',
      });
      const dismissed = await api.put<Issue>(`/api/issues/${issue.id}`, {
        ...issue,
        status: 'dismissed',
        dismissed_reason: 'Person 4 is a robot account',
      });
      expect(dismissed.status, dismissed.text).toBe(200);
      expect(dismissed.body).toMatchObject({
        status: 'dismissed',
        dismissed_reason: 'Person 4 is a robot account',
      });

      const before = (await api.get<EntityDetail>(`/api/business-entities/${entityId}`)).body.checks.find(
        (check) => check.id === emailCheck.id,
      );
      const detail = await run();
      const muted = detail.checks.find((check) => check.id === emailCheck.id);
      expect(muted).toMatchObject({
        state: 'muted',
        muted: { reason: 'Person 4 is a robot account', by: LOCAL_ADMIN_ID },
      });
      // Muted checks are not run: its latest run is still the one before.
      expect(muted?.latest_run?.id).toBe(before?.latest_run?.id);
      // Not run, so not seen again either.
      expect((await issueOf(emailCheck.id))[0]).toMatchObject({
        status: 'dismissed',
        occurrences: issue.occurrences,
      });

      const changed = await api.put<QualityCheck>(`/api/checks/${emailCheck.id}`, { fail_percent: 10 });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body).toMatchObject({ state: 'active', muted: null, fail_percent: 10 });
      await run();
      expect((await issueOf(emailCheck.id))[0]).toMatchObject({
        status: 'open',
        occurrences: issue.occurrences + 1,
        dismissed_reason: null,
      });
    });

    it('never closes issues a person or the analyst opened', async () => {
      const idCheck = await api.post<QualityCheck>(`/api/business-entities/${entityId}/checks`, {
        definition: { kind: 'uniqueness', columns: ['id'] },
      });
      expect(idCheck.status, idCheck.text).toBe(201);
      const now = new Date().toISOString();
      const personal = newId();
      const analysts = newId();
      await db
        .insertInto('issues')
        .values([
          {
            id: personal,
            database_id: databaseId,
            business_entity_id: entityId,
            title: 'Ids look recycled',
            check_id: idCheck.body.id,
            origin: 'user',
            created_at: now,
            updated_at: now,
          },
          {
            id: analysts,
            database_id: databaseId,
            business_entity_id: entityId,
            title: 'Teams are free text',
            origin: 'agent',
            created_at: now,
            updated_at: now,
          },
        ])
        .execute();
      const detail = await run();
      expect(detail.checks.find((check) => check.id === idCheck.body.id)?.latest_run?.status).toBe('pass');
      const listed = (await api.get<Issue[]>(`/api/issues?contextId=database-${databaseId}`)).body;
      expect(listed.find((issue) => issue.id === personal)).toMatchObject({ status: 'open', origin: 'user' });
      expect(listed.find((issue) => issue.id === analysts)).toMatchObject({
        status: 'open',
        origin: 'agent',
      });
    });

    it('validates and tries a check before saving it', async () => {
      const path = `/api/business-entities/${entityId}/checks`;
      expectError(await api.post(path, { definition: { kind: 'completeness', columns: ['nope'] } }), 400, {
        field: 'definition',
        message: 'Column nope was not found in people',
      });
      expectError(
        await api.post(path, {
          definition: { kind: 'validity', columns: ['id'], params: { accepted_values: [1], min: 0 } },
        }),
        400,
        { message: 'A validity check takes accepted values or a range, not both' },
      );
      expectError(
        await api.post(path, {
          definition: {
            kind: 'integrity',
            columns: ['team'],
            params: { references: { schema: '', table: 'teams', columns: ['name'] } },
          },
        }),
        400,
        { message: 'Referenced table teams was not found' },
      );
      expectError(await api.post(path, { definition: { kind: 'sometimes' } }), 400, {
        field: 'definition.kind',
      });
      expectError(await api.post(path, { definition: { kind: 'uniqueness', columns: ['id'] } }), 409);
      expectError(
        await api.post(`/api/business-entities/${newId()}/checks`, { definition: { kind: 'volume' } }),
        404,
        {
          message: 'Business entity not found',
        },
      );
    });

    it('accepts, mutes with a reason and deletes checks; the entity is scored again each time', async () => {
      const entity = (
        await api.get<{ id: string; name: string }[]>(
          `/api/business-entities?contextId=database-${databaseId}`,
        )
      ).body.find((item) => item.id === entityId);
      expect(entity).toBeDefined();
      const proposed = await insertCheck(db, {
        databaseId,
        entityId,
        title: 'people has rows',
        table: { schema: 'main', name: 'people' },
        definition: { kind: 'volume', columns: [], params: { min_rows: 1 } },
        dimension: 'volume',
        severity: 'medium',
        warnPercent: 50,
        failPercent: 90,
        origin: 'agent',
        state: 'proposed',
      });
      const accepted = await api.put<QualityCheck>(`/api/checks/${proposed.id}`, { state: 'active' });
      expect(accepted.body).toMatchObject({ state: 'active', origin: 'agent' });

      expectError(await api.put(`/api/checks/${proposed.id}`, { state: 'muted' }), 400, {
        field: 'muted_reason',
      });
      expectError(await api.put(`/api/checks/${proposed.id}`, { warn_percent: 95 }), 400, {
        field: 'warn_percent',
      });
      const muted = await api.put<QualityCheck>(`/api/checks/${proposed.id}`, {
        state: 'muted',
        muted_reason: 'Counted elsewhere',
      });
      expect(muted.body).toMatchObject({ state: 'muted', muted: { reason: 'Counted elsewhere' } });

      const [issue] = await issueOf(emailCheck.id);
      expect((await api.del(`/api/checks/${emailCheck.id}`)).status).toBe(204);
      const kept = (await api.get<Issue[]>(`/api/issues?contextId=database-${databaseId}`)).body.find(
        (item) => item.id === issue?.id,
      );
      // The issue stays, no longer linked to a check.
      expect(kept).toMatchObject({ check_id: null, title: 'Missing email in people' });
      const detail = (await api.get<EntityDetail>(`/api/business-entities/${entityId}`)).body;
      expect(detail.checks.map((check) => check.id)).not.toContain(emailCheck.id);
      expectError(await api.put(`/api/checks/${emailCheck.id}`, { state: 'active' }), 404, {
        message: 'Check not found',
      });
    });

    it('follows the database’s access: invisible to others, read-only on a public database', async () => {
      expectError(await api.get(`/api/business-entities/${entityId}`, { user: eve }), 404);
      expectError(await api.post(`/api/business-entities/${entityId}/runs`, {}, { user: eve }), 404);
      expectError(
        await api.post('/api/quality/runs', { contextId: `database-${databaseId}` }, { user: eve }),
        404,
      );
      const detail = (await api.get<EntityDetail>(`/api/business-entities/${entityId}`)).body;
      const anyCheck = detail.checks[0]?.id ?? '';
      expectError(await api.put(`/api/checks/${anyCheck}`, { state: 'active' }, { user: eve }), 404);
      expectError(await api.del(`/api/checks/${anyCheck}`, { user: eve }), 404);

      expect((await api.put(`/api/databases/${databaseId}`, { public: true })).status).toBe(200);
      const seen = await api.get<EntityDetail>(`/api/business-entities/${entityId}`, { user: eve });
      expect(seen.status, seen.text).toBe(200);
      expect(seen.body.editable).toBe(false);
      expectError(await api.post(`/api/business-entities/${entityId}/runs`, {}, { user: eve }), 403);
      expectError(await api.put(`/api/checks/${anyCheck}`, { state: 'active' }, { user: eve }), 403);
      expectError(
        await api.put(
          '/api/quality/schedule',
          { contextId: `database-${databaseId}`, every_minutes: 5 },
          { user: eve },
        ),
        403,
      );
      expect((await api.put(`/api/databases/${databaseId}`, { public: false })).status).toBe(200);
    });

    it('runs every check of a context on demand', async () => {
      const summary = await api.post<QualityRunSummary>('/api/quality/runs', {
        contextId: `database-${databaseId}`,
      });
      expect(summary.status, summary.text).toBe(200);
      expect(summary.body.entities.map((entity) => entity.name)).toEqual(['Person']);
      expect(summary.body.statements).toBeGreaterThanOrEqual(1);
      expect(Object.values(summary.body.statuses).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    });

    it('keeps each database on its schedule, run by one instance only', async () => {
      const contextId = `database-${databaseId}`;
      const initial = await api.get<QualitySchedule>(`/api/quality/schedule?contextId=${contextId}`);
      // Local mode: off by default.
      expect(initial.body).toMatchObject({ every_minutes: null, default_minutes: 0, next_run_at: null });
      const set = await api.put<QualitySchedule>('/api/quality/schedule', { contextId, every_minutes: 60 });
      expect(set.body.every_minutes).toBe(60);
      expect(set.body.next_run_at).not.toBeNull();

      // Due: made two hours ago, never run. Two instances look at once; one runs it.
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
      await db
        .updateTable('quality_schedules')
        .set({ created_at: twoHoursAgo })
        .where('database_id', '=', databaseId)
        .execute();
      const deps = running.built.quality;
      const [first, second] = await Promise.all([
        runDueSchedules(deps, { owner: 'instance-a' }),
        runDueSchedules(deps, { owner: 'instance-b' }),
      ]);
      expect([...first, ...second]).toEqual([databaseId]);
      const after = await api.get<QualitySchedule>(`/api/quality/schedule?contextId=${contextId}`);
      expect(after.body.last_run_at).not.toBeNull();
      expect(after.body.last_outcome).toMatch(/checks run/);
      // Just run: not due again.
      expect(await runDueSchedules(deps, { owner: 'instance-a' })).toEqual([]);
      const off = await api.put<QualitySchedule>('/api/quality/schedule', { contextId, every_minutes: 0 });
      expect(off.body.next_run_at).toBeNull();
    });
  });
}

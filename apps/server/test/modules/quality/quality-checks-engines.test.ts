import type { CheckDefinitionInput, CheckRunStatus, EntityDetail } from '@querent/contracts';
import { checkDefinitionSchema, defaultDimensionOfKind } from '@querent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntity } from '../../../src/modules/business-entities/business-entities.repo.ts';
import { defaultJudgement } from '../../../src/modules/quality/checks/check-defaults.ts';
import { describeCheck } from '../../../src/modules/quality/checks/check-titles.ts';
import { insertCheck } from '../../../src/modules/quality/checks/checks.repo.ts';
import type { StoreDb } from '../../../src/store/connect.ts';
import type { ApiClient } from '../../helpers/api-client.ts';
import { apiClient } from '../../helpers/api-client.ts';
import { addDatabase } from '../../helpers/factories.ts';
import type { Place } from '../../helpers/quality-targets.ts';
import { combineTargetEnvs, openQualityTargets } from '../../helpers/quality-targets.ts';
import type { RunningApp } from '../../helpers/test-app.ts';
import { startTestApp } from '../../helpers/test-app.ts';

/*
 * Every kind of check on the six engines (PostgreSQL, MariaDB, SQLite and DuckDB for real;
 * Snowflake and BigQuery through their local fakes), over real HTTP: each finds exactly the
 * defects planted in qa_customers and qa_orders, with a few of the failing rows as evidence, and
 * nothing on clean data (qa_clean and Chinook).
 */

const targets = await openQualityTargets();

let running: RunningApp;
let api: ApiClient;
let db: StoreDb;

beforeAll(async () => {
  running = await startTestApp(combineTargetEnvs(targets));
  api = apiClient(running.baseUrl);
  db = running.built.store.db;
});

afterAll(async () => {
  await running.stop();
  await Promise.all(targets.map((target) => target.dispose()));
});

interface Expectation {
  definition: CheckDefinitionInput;
  status: CheckRunStatus;
  failing?: number | null;
  total?: number | null;
  /** Values the evidence rows must hold (and no other failing rows). */
  sample?: unknown[];
}

/** An entity on `table` with the given checks, all active, run once over HTTP. */
async function runChecks(
  databaseId: string,
  table: Place,
  expectations: readonly Expectation[],
): Promise<EntityDetail> {
  const entity = await insertEntity(db, {
    databaseId,
    name: table.name,
    definition: null,
    table,
    tableRef: table.name,
    keyColumns: [],
    origin: 'user',
  });
  const ids: string[] = [];
  for (const expectation of expectations) {
    const definition = checkDefinitionSchema.parse(expectation.definition);
    const judgement = defaultJudgement[definition.kind];
    const check = await insertCheck(db, {
      databaseId,
      entityId: entity.id,
      title: describeCheck(table, definition),
      table,
      definition,
      dimension: defaultDimensionOfKind[definition.kind],
      severity: judgement.severity,
      warnPercent: judgement.warnPercent,
      failPercent: judgement.failPercent,
      origin: 'user',
      state: 'active',
    });
    ids.push(check.id);
  }
  const ran = await api.post<EntityDetail>(`/api/business-entities/${entity.id}/runs`, {});
  expect(ran.status, ran.text).toBe(200);
  // In the order the expectations list them.
  const byId = new Map(ran.body.checks.map((check) => [check.id, check]));
  return { ...ran.body, checks: ids.flatMap((id) => byId.get(id) ?? []) };
}

function expectRuns(detail: EntityDetail, expectations: readonly Expectation[]): void {
  expect(detail.checks).toHaveLength(expectations.length);
  detail.checks.forEach((check, index) => {
    const expected = expectations[index];
    const run = check.latest_run;
    const label = `${check.title}: ${JSON.stringify(run)}`;
    expect(run, label).not.toBeNull();
    if (!run || !expected) return;
    expect(run.status, label).toBe(expected.status);
    if (expected.failing !== undefined) expect(run.failing_count, label).toBe(expected.failing);
    if (expected.total !== undefined) expect(run.total_count, label).toBe(expected.total);
    if (expected.sample) {
      const cells = run.sample?.rows.flat().map((cell) => (typeof cell === 'string' ? cell.trim() : cell));
      for (const value of expected.sample) expect(cells, label).toContainEqual(value);
    }
    if (run.status === 'pass') expect(run.sample?.rows ?? [], label).toEqual([]);
  });
}

for (const target of targets) {
  describe(`data-quality checks on ${target.label}`, () => {
    const { column: c } = target.defects;
    let defects: string;
    let chinook: string;

    beforeAll(async () => {
      const { label, engine } = target;
      defects = (
        await addDatabase(api, { name: `${label} defects`, engine, details: target.defects.details })
      ).id;
      chinook = (
        await addDatabase(api, { name: `${label} Chinook`, engine, details: target.chinook.details })
      ).id;
    });

    it('finds exactly the planted defects of qa_customers', async () => {
      const expectations: Expectation[] = [
        {
          definition: {
            kind: 'schema',
            columns: [c('id'), c('email'), c('country'), c('score'), c('created_at')],
          },
          status: 'pass',
          failing: 0,
        },
        {
          definition: { kind: 'schema', columns: [c('id'), c('email'), 'phone'] },
          status: 'fail',
          failing: 1,
          total: 3,
        },
        { definition: { kind: 'volume', params: { min_rows: 1 } }, status: 'pass', total: 8 },
        {
          definition: { kind: 'completeness', columns: [c('email')] },
          status: 'fail',
          failing: 2,
          total: 8,
          sample: [2, 3],
        },
        {
          definition: { kind: 'completeness', columns: [c('country')] },
          status: 'pass',
          failing: 0,
          total: 8,
        },
        { definition: { kind: 'uniqueness', columns: [c('id')] }, status: 'pass', failing: 0, total: 8 },
        {
          definition: { kind: 'uniqueness', columns: [c('email')] },
          status: 'fail',
          failing: 1,
          total: 7,
          sample: ['d@example.com'],
        },
        {
          definition: {
            kind: 'validity',
            columns: [c('country')],
            params: { accepted_values: ['US', 'FR', 'DE'] },
          },
          status: 'fail',
          failing: 1,
          total: 8,
          sample: [6, 'XX'],
        },
        {
          definition: { kind: 'validity', columns: [c('score')], params: { min: 0, max: 100 } },
          status: 'fail',
          failing: 1,
          total: 8,
          sample: [7],
        },
        {
          definition: { kind: 'freshness', columns: [c('created_at')], params: { max_age_hours: 24 } },
          status: 'pass',
        },
      ];
      expectRuns(await runChecks(defects, target.defects.customers, expectations), expectations);
    });

    it('finds exactly the planted orphans, bad statuses, repeated pairs and stale rows of qa_orders', async () => {
      const expectations: Expectation[] = [
        {
          definition: {
            kind: 'integrity',
            columns: [c('customer_id')],
            params: {
              references: {
                schema: target.defects.customers.schema,
                table: target.defects.customers.name,
                columns: [c('id')],
              },
            },
          },
          status: 'fail',
          failing: 1,
          total: 5,
          sample: [3, 99],
        },
        {
          definition: { kind: 'completeness', columns: [c('customer_id')] },
          status: 'fail',
          failing: 1,
          total: 6,
          sample: [4],
        },
        {
          definition: {
            kind: 'validity',
            columns: [c('status')],
            params: { accepted_values: ['shipped', 'delivered'] },
          },
          status: 'fail',
          failing: 1,
          total: 6,
          sample: ['lost'],
        },
        {
          definition: { kind: 'uniqueness', columns: [c('customer_id'), c('status')] },
          status: 'fail',
          failing: 1,
          total: 5,
          sample: [1, 'shipped'],
        },
        {
          definition: { kind: 'freshness', columns: [c('ordered_at')], params: { max_age_hours: 24 } },
          status: 'fail',
        },
      ];
      const detail = await runChecks(defects, target.defects.orders, expectations);
      expectRuns(detail, expectations);
      const stale = detail.checks.at(-1)?.latest_run;
      expect(stale?.observed).toMatch(/^Newest .* is 2020-01-06 10:00/);
    });

    it('finds nothing on clean data: qa_clean', async () => {
      const expectations: Expectation[] = [
        {
          definition: { kind: 'schema', columns: [c('id'), c('code'), c('amount'), c('updated_at')] },
          status: 'pass',
        },
        { definition: { kind: 'volume', params: { min_rows: 1 } }, status: 'pass', total: 3 },
        {
          definition: { kind: 'completeness', columns: [c('code'), c('amount')] },
          status: 'pass',
          failing: 0,
          total: 3,
        },
        { definition: { kind: 'uniqueness', columns: [c('id')] }, status: 'pass', failing: 0, total: 3 },
        {
          definition: { kind: 'uniqueness', columns: [c('id'), c('code')] },
          status: 'pass',
          failing: 0,
          total: 3,
        },
        {
          definition: {
            kind: 'validity',
            columns: [c('code')],
            params: { accepted_values: ['A', 'B', 'C'] },
          },
          status: 'pass',
          failing: 0,
        },
        {
          definition: { kind: 'validity', columns: [c('amount')], params: { min: 0, max: 10 } },
          status: 'pass',
          failing: 0,
        },
        {
          definition: { kind: 'freshness', columns: [c('updated_at')], params: { max_age_hours: 24 } },
          status: 'pass',
        },
      ];
      expectRuns(await runChecks(defects, target.defects.clean, expectations), expectations);
    });

    it('finds nothing on clean data: Chinook', async () => {
      const { track, album, columns } = target.chinook;
      const expectations: Expectation[] = [
        {
          definition: { kind: 'schema', columns: [columns.trackId, columns.name, columns.albumId] },
          status: 'pass',
        },
        { definition: { kind: 'volume', params: { min_rows: 1 } }, status: 'pass', total: 3503 },
        {
          definition: { kind: 'completeness', columns: [columns.name] },
          status: 'pass',
          failing: 0,
          total: 3503,
        },
        {
          definition: { kind: 'uniqueness', columns: [columns.trackId] },
          status: 'pass',
          failing: 0,
          total: 3503,
        },
        {
          definition: {
            kind: 'integrity',
            columns: [columns.albumId],
            params: { references: { schema: album.schema, table: album.name, columns: [columns.albumId] } },
          },
          status: 'pass',
          failing: 0,
          total: 3503,
        },
        {
          definition: {
            kind: 'validity',
            columns: [columns.mediaTypeId],
            params: { accepted_values: [1, 2, 3, 4, 5] },
          },
          status: 'pass',
          failing: 0,
        },
        {
          definition: {
            kind: 'validity',
            columns: [columns.milliseconds],
            params: { min: 1, max: 6_000_000 },
          },
          status: 'pass',
          failing: 0,
        },
      ];
      expectRuns(await runChecks(chinook, track, expectations), expectations);
    });

    it('answers one aggregate statement per table, and a short one per finding', async () => {
      const detail = await runChecks(defects, target.defects.customers, [
        { definition: { kind: 'completeness', columns: [c('email')] }, status: 'fail' },
        { definition: { kind: 'uniqueness', columns: [c('id')] }, status: 'pass' },
        { definition: { kind: 'volume', params: { min_rows: 1 } }, status: 'pass' },
      ]);
      const [missing, unique, volume] = detail.checks.map((check) => check.latest_run);
      // The same statement judged all three.
      expect(unique?.sql).toBe(missing?.sql);
      expect(volume?.sql).toBe(missing?.sql);
      expect(missing?.sample?.sql).toMatch(/WHERE/);
    });

    it('reports a check that cannot run as an error, never a pass', async () => {
      const detail = await runChecks(defects, target.defects.customers, [
        { definition: { kind: 'completeness', columns: ['no_such_column'] }, status: 'skipped' },
        {
          definition: {
            kind: 'integrity',
            columns: [c('id')],
            params: { references: { schema: '', table: 'no_such_table', columns: ['id'] } },
          },
          status: 'skipped',
        },
      ]);
      for (const check of detail.checks) {
        expect(check.latest_run?.status).toBe('skipped');
        expect(check.latest_run?.message).toMatch(/not found/);
      }
      expect(detail.score?.quality.score ?? null).toBeNull();
    });
  });
}

import type { CheckRunStatus, FailingRowsSample } from '@querent/contracts';
import { checkRunStatuses, failingRowsSampleSchema } from '@querent/contracts';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { JsonValue } from '../../../connectors/index.ts';
import type { StoreDb } from '../../../store/connect.ts';
import type { CheckRunsTable } from '../../../store/schema.ts';
import { newId, parseNullableJson, toNullableJson } from '../../../store/values.ts';
import type { CheckRunRecord, NewCheckRun, RunTrigger } from './check-run-record.ts';

/** The only code with SQL for `check_runs`. */

/** Runs kept per check: enough for the volume baseline and a short history. */
export const RUNS_KEPT = 20;

/**
 * Ids per IN list and rows per INSERT (16 values each): a whole database's runs in one statement
 * would pass the 32,766 bound values SQLite takes.
 */
const IDS_PER_STATEMENT = 1000;
const RUNS_PER_INSERT = 500;

function chunks<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const triggers: readonly RunTrigger[] = ['scan', 'analysis', 'schedule', 'manual', 'agent'];

function readSample(json: string | null): FailingRowsSample | null {
  const parsed = failingRowsSampleSchema.safeParse(parseNullableJson(json));
  return parsed.success ? parsed.data : null;
}

function toRecord(row: Selectable<CheckRunsTable>): CheckRunRecord {
  return {
    id: row.id,
    checkId: row.check_id,
    databaseId: row.database_id,
    batchId: row.batch_id,
    status: (checkRunStatuses as readonly string[]).includes(row.status)
      ? (row.status as CheckRunStatus)
      : 'error',
    failingCount: row.failing_count,
    totalCount: row.total_count,
    failingPercent: row.failing_percent,
    observed: row.observed,
    observedValue: (parseNullableJson(row.observed_value) ?? null) as JsonValue,
    message: row.message,
    sql: row.sql,
    sample: readSample(row.sample),
    trigger: (triggers as readonly string[]).includes(row.trigger) ? (row.trigger as RunTrigger) : 'manual',
    ranAt: row.ran_at,
    durationMs: row.duration_ms,
  };
}

/** Stores a batch of runs, then forgets each check's runs older than the last RUNS_KEPT. */
export async function insertRuns(db: StoreDb, runs: readonly NewCheckRun[]): Promise<CheckRunRecord[]> {
  if (runs.length === 0) return [];
  const rows = runs.map((run) => ({
    id: newId(),
    check_id: run.checkId,
    database_id: run.databaseId,
    batch_id: run.batchId,
    status: run.status,
    failing_count: run.failingCount,
    total_count: run.totalCount,
    failing_percent: run.failingPercent,
    observed: run.observed,
    observed_value: toNullableJson(run.observedValue),
    message: run.message,
    sql: run.sql,
    sample: toNullableJson(run.sample),
    trigger: run.trigger,
    ran_at: run.ranAt,
    duration_ms: run.durationMs,
  }));
  const stored = await db.transaction().execute(async (trx) => {
    const inserted = [];
    for (const part of chunks(rows, RUNS_PER_INSERT)) {
      inserted.push(...(await trx.insertInto('check_runs').values(part).returningAll().execute()));
    }
    for (const checkIds of chunks([...new Set(runs.map((run) => run.checkId))])) {
      await trx
        .deleteFrom('check_runs')
        .where('check_id', 'in', checkIds)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom((inner) =>
              inner
                .selectFrom('check_runs')
                .select([
                  'id',
                  sql<number>`row_number() over (partition by check_id order by ran_at desc, id desc)`.as(
                    'rank',
                  ),
                ])
                .where('check_id', 'in', checkIds)
                .as('ranked'),
            )
            .select('ranked.id')
            .where('ranked.rank', '<=', RUNS_KEPT),
        )
        .execute();
    }
    return inserted;
  });
  return stored.map(toRecord);
}

/** The latest run of each of these checks; a check never run is absent. */
export async function latestRunsOf(
  db: StoreDb,
  checkIds: readonly string[],
): Promise<Map<string, CheckRunRecord>> {
  const latest = new Map<string, CheckRunRecord>();
  for (const ids of chunks(checkIds)) {
    const rows = await db
      .selectFrom((inner) =>
        inner
          .selectFrom('check_runs')
          .selectAll()
          .select(
            sql<number>`row_number() over (partition by check_id order by ran_at desc, id desc)`.as('rank'),
          )
          .where('check_id', 'in', ids)
          .as('ranked'),
      )
      .selectAll()
      .where('ranked.rank', '=', 1)
      .execute();
    for (const { rank: _rank, ...row } of rows) latest.set(row.check_id, toRecord(row));
  }
  return latest;
}

/** The last `limit` runs of each of these checks, newest first. */
export async function recentRunsOf(
  db: StoreDb,
  checkIds: readonly string[],
  limit: number,
): Promise<Map<string, CheckRunRecord[]>> {
  const recent = new Map<string, CheckRunRecord[]>();
  for (const ids of chunks(checkIds)) {
    const rows = await db
      .selectFrom((inner) =>
        inner
          .selectFrom('check_runs')
          .selectAll()
          .select(
            sql<number>`row_number() over (partition by check_id order by ran_at desc, id desc)`.as('rank'),
          )
          .where('check_id', 'in', ids)
          .as('ranked'),
      )
      .selectAll()
      .where('ranked.rank', '<=', limit)
      .orderBy('ranked.rank')
      .execute();
    for (const { rank: _rank, ...row } of rows) {
      const list = recent.get(row.check_id) ?? [];
      list.push(toRecord(row));
      recent.set(row.check_id, list);
    }
  }
  return recent;
}

export async function findRunsById(db: StoreDb, ids: readonly string[]): Promise<CheckRunRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('check_runs')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toRecord);
}

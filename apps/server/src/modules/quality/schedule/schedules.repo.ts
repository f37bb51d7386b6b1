import type { Selectable } from 'kysely';
import type { StoreDb } from '../../../store/connect.ts';
import type { QualitySchedulesTable } from '../../../store/schema.ts';
import { nowIso } from '../../../store/values.ts';
import type { ScheduleRecord } from './schedule-record.ts';

/** The only code with SQL for `quality_schedules`. */

function toRecord(row: Selectable<QualitySchedulesTable>): ScheduleRecord {
  return {
    databaseId: row.database_id,
    everyMinutes: row.every_minutes,
    lastRunAt: row.last_run_at,
    lastOutcome: row.last_outcome,
    leaseExpiresAt: row.lease_expires_at,
    leaseOwner: row.lease_owner,
    createdAt: row.created_at,
  };
}

export async function findSchedule(db: StoreDb, databaseId: string): Promise<ScheduleRecord | null> {
  const row = await db
    .selectFrom('quality_schedules')
    .selectAll()
    .where('database_id', '=', databaseId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The database's schedule, made (following the default) if it had none; safe from several instances. */
export async function ensureSchedule(db: StoreDb, databaseId: string): Promise<ScheduleRecord> {
  const now = nowIso();
  await db
    .insertInto('quality_schedules')
    .values({ database_id: databaseId, every_minutes: null, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('database_id').doNothing())
    .execute();
  const stored = await findSchedule(db, databaseId);
  if (!stored) throw new Error(`The schedule of database ${databaseId} vanished right after it was made`);
  return stored;
}

export async function setScheduleInterval(
  db: StoreDb,
  databaseId: string,
  everyMinutes: number | null,
): Promise<void> {
  await ensureSchedule(db, databaseId);
  await db
    .updateTable('quality_schedules')
    .set({ every_minutes: everyMinutes, updated_at: nowIso() })
    .where('database_id', '=', databaseId)
    .execute();
}

/** Databases with checks that run: those a schedule may concern. */
export async function listDatabasesWithActiveChecks(db: StoreDb): Promise<string[]> {
  const rows = await db
    .selectFrom('quality_checks')
    .select('database_id')
    .distinct()
    .where('state', '=', 'active')
    .execute();
  return rows.map((row) => row.database_id);
}

const leaseUntil = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Takes a due schedule's lease for `owner`: only when no live lease holds it and its last run (or
 * its making) is at or before `dueBefore`. The conditions are checked in the same statement, so of
 * several instances ticking together exactly one gets it.
 */
export async function claimSchedule(
  db: StoreDb,
  input: { databaseId: string; owner: string; dueBefore: string; leaseMs: number },
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('quality_schedules')
    .set({ lease_owner: input.owner, lease_expires_at: leaseUntil(input.leaseMs) })
    .where('database_id', '=', input.databaseId)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('last_run_at', 'is', null), eb('created_at', '<=', input.dueBefore)]),
        eb('last_run_at', '<=', input.dueBefore),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function renewScheduleLease(
  db: StoreDb,
  input: { databaseId: string; owner: string; leaseMs: number },
): Promise<void> {
  await db
    .updateTable('quality_schedules')
    .set({ lease_expires_at: leaseUntil(input.leaseMs) })
    .where('database_id', '=', input.databaseId)
    .where('lease_owner', '=', input.owner)
    .execute();
}

/** Ends a run: when it ran and how, and the lease released. */
export async function finishSchedule(
  db: StoreDb,
  input: { databaseId: string; owner: string; outcome: string },
): Promise<void> {
  await db
    .updateTable('quality_schedules')
    .set({
      last_run_at: nowIso(),
      last_outcome: input.outcome,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: nowIso(),
    })
    .where('database_id', '=', input.databaseId)
    .where('lease_owner', '=', input.owner)
    .execute();
}

import type { QualitySchedule } from '@querent/contracts';
import type { User } from '../../users/user.ts';
import { requireContextDatabase } from '../quality-access.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { effectiveMinutes } from './run-due-schedules.ts';
import type { ScheduleRecord } from './schedule-record.ts';
import { findSchedule, setScheduleInterval } from './schedules.repo.ts';

function present(schedule: ScheduleRecord | null, defaultMinutes: number): QualitySchedule {
  const every = schedule?.everyMinutes ?? null;
  const minutes = effectiveMinutes(every, defaultMinutes);
  const since = schedule?.lastRunAt ?? schedule?.createdAt ?? null;
  return {
    every_minutes: every,
    default_minutes: defaultMinutes,
    last_run_at: schedule?.lastRunAt ?? null,
    next_run_at:
      minutes > 0 && since !== null ? new Date(Date.parse(since) + minutes * 60_000).toISOString() : null,
    last_outcome: schedule?.lastOutcome ?? null,
  };
}

/** GET /api/quality/schedule: how often the context's database has its checks run. */
export async function getQualitySchedule(
  deps: QualityDeps,
  input: { user: User; contextId: string },
): Promise<QualitySchedule> {
  const database = await requireContextDatabase(deps.db, input.user, input.contextId, 'read');
  return present(await findSchedule(deps.db, database.id), deps.scheduleDefaultMinutes);
}

/** PUT /api/quality/schedule: every N minutes, 0 off, null the server's default. */
export async function updateQualitySchedule(
  deps: QualityDeps,
  input: { user: User; contextId: string; everyMinutes: number | null },
): Promise<QualitySchedule> {
  const database = await requireContextDatabase(deps.db, input.user, input.contextId, 'write');
  await setScheduleInterval(deps.db, database.id, input.everyMinutes);
  return present(await findSchedule(deps.db, database.id), deps.scheduleDefaultMinutes);
}

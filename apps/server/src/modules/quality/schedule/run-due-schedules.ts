import { findDatabase } from '../../databases/database-access.ts';
import { findUser } from '../../users/find-user.ts';
import { assessDatabase } from '../run-database-checks.ts';
import type { QualityDeps } from '../quality-deps.ts';
import {
  claimSchedule,
  ensureSchedule,
  finishSchedule,
  listDatabasesWithActiveChecks,
  renewScheduleLease,
} from './schedules.repo.ts';

/** How long a claimed run holds its schedule without renewal; a crashed instance's run lapses after it. */
export const SCHEDULE_LEASE_MS = 5 * 60_000;

/** A database's interval in minutes: its own, else the server's default; 0 is off. */
export function effectiveMinutes(everyMinutes: number | null, defaultMinutes: number): number {
  return everyMinutes ?? defaultMinutes;
}

/**
 * Runs the checks of every database whose schedule is due, each only on the instance that claims
 * its lease. The checks run for the database's owner. A failure is recorded as the schedule's
 * outcome and the next database is tried. Answers the databases this instance ran.
 */
export async function runDueSchedules(
  deps: QualityDeps,
  input: { owner: string; now?: number },
): Promise<string[]> {
  const now = input.now ?? Date.now();
  const ran: string[] = [];
  for (const databaseId of await listDatabasesWithActiveChecks(deps.db)) {
    const schedule = await ensureSchedule(deps.db, databaseId);
    const minutes = effectiveMinutes(schedule.everyMinutes, deps.scheduleDefaultMinutes);
    if (minutes <= 0) continue;
    const dueBefore = new Date(now - minutes * 60_000).toISOString();
    const claimed = await claimSchedule(deps.db, {
      databaseId,
      owner: input.owner,
      dueBefore,
      leaseMs: SCHEDULE_LEASE_MS,
    });
    if (!claimed) continue;
    const renewal = setInterval(() => {
      renewScheduleLease(deps.db, { databaseId, owner: input.owner, leaseMs: SCHEDULE_LEASE_MS }).catch(
        (error: unknown) => deps.log.error({ err: error, databaseId }, 'Could not renew a check schedule'),
      );
    }, SCHEDULE_LEASE_MS / 3);
    renewal.unref();
    let outcome: string;
    try {
      const database = await findDatabase(deps.db, databaseId);
      if (!database) continue;
      const owner = await findUser(deps.db, database.ownerId);
      if (!owner) throw new Error('The owner of this database no longer exists');
      const done = await assessDatabase(deps, { database, actor: owner, trigger: 'schedule' });
      const failing = done.statuses.fail + done.statuses.warn;
      outcome = `${done.runs.length} checks run, ${failing} warning or failing, ${done.statuses.error} errors`;
      ran.push(databaseId);
    } catch (error) {
      outcome = `Failed: ${error instanceof Error ? error.message : String(error)}`;
      deps.log.error({ err: error, databaseId }, 'Scheduled checks failed');
    } finally {
      clearInterval(renewal);
    }
    await finishSchedule(deps.db, { databaseId, owner: input.owner, outcome });
  }
  return ran;
}

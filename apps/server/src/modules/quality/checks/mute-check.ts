import type { StoreDb } from '../../../store/connect.ts';
import { nowIso } from '../../../store/values.ts';
import { dismissCheckIssue } from '../../issues/dismiss-check-issue.ts';
import type { QualityCheckRecord } from './check-record.ts';
import { updateCheck } from './checks.repo.ts';

/**
 * Mutes a check: it no longer runs nor counts, and its open issue is dismissed, both recording
 * who said the finding is expected and why. It stays muted until someone unmutes it or changes
 * what it checks.
 */
export async function muteCheck(
  db: StoreDb,
  input: { check: QualityCheckRecord; reason: string; userId: string | null },
): Promise<QualityCheckRecord> {
  const muted = await updateCheck(db, input.check, {
    state: 'muted',
    mutedReason: input.reason,
    mutedBy: input.userId,
    mutedAt: nowIso(),
  });
  await dismissCheckIssue(db, { checkId: input.check.id, reason: input.reason, userId: input.userId });
  return muted;
}

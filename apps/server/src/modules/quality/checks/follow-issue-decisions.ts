import { findEntity } from '../../business-entities/entity-operations.ts';
import { findDatabase } from '../../databases/database-access.ts';
import type { IssueChecks } from '../../issues/issue-checks.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { rescoreEntity } from '../scores/rescore-entity.ts';
import type { QualityCheckRecord } from './check-record.ts';
import { findCheckById, updateCheck } from './checks.repo.ts';
import { muteCheck } from './mute-check.ts';

/**
 * What a person's decision on a check's issue does to the check: dismissing it mutes the check
 * with the same reason, taking it up again unmutes it; the entity is scored again either way,
 * since a muted check no longer counts.
 */
export function followIssueDecisions(deps: QualityDeps): IssueChecks {
  async function rescore(check: QualityCheckRecord): Promise<void> {
    const [entity, database] = await Promise.all([
      findEntity(deps.db, check.entityId),
      findDatabase(deps.db, check.databaseId),
    ]);
    if (entity && database) await rescoreEntity(deps, { database, entity });
  }
  async function checkOf(checkId: string, databaseId: string): Promise<QualityCheckRecord | null> {
    const check = await findCheckById(deps.db, checkId);
    return check?.databaseId === databaseId ? check : null;
  }
  return {
    async dismissed({ checkId, databaseId, reason, userId }) {
      const check = await checkOf(checkId, databaseId);
      if (!check || check.state === 'muted') return;
      await muteCheck(deps.db, { check, reason, userId });
      await rescore(check);
    },
    async takenBack({ checkId, databaseId }) {
      const check = await checkOf(checkId, databaseId);
      if (check?.state !== 'muted') return;
      await updateCheck(deps.db, check, { state: 'active', mutedReason: null, mutedBy: null, mutedAt: null });
      await rescore(check);
    },
  };
}

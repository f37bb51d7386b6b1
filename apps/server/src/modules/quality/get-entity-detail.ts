import type { EntityDetail, EntityIssue } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { presentBusinessEntity } from '../business-entities/present-business-entity.ts';
import { objectAbilities } from '../access/can.ts';
import { followingSubject } from '../access/subject.ts';
import { databaseSubject } from '../databases/database-subject.ts';
import { listUnresolvedIssues } from '../issues/list-unresolved-issues.ts';
import type { User } from '../users/user.ts';
import { listChecksOfEntity } from './checks/checks.repo.ts';
import { presentCheck } from './present-check.ts';
import { requireEntity } from './quality-access.ts';
import { latestRunsOf } from './runs/check-runs.repo.ts';
import { latestScoreOf } from './scores/quality-scores.repo.ts';

/** GET /api/business-entities/{id}: the card's entity, its checks with their latest runs, its score breakdown. */
export async function getEntityDetail(
  deps: { db: StoreDb },
  input: { user: User; entityId: string },
): Promise<EntityDetail> {
  const { entity, database } = await requireEntity(deps.db, input.user, input.entityId, 'read');
  const [checks, issues, score] = await Promise.all([
    listChecksOfEntity(deps.db, entity.id),
    listUnresolvedIssues(deps.db, database.id),
    latestScoreOf(deps.db, entity.id),
  ]);
  const latest = await latestRunsOf(
    deps.db,
    checks.map((check) => check.id),
  );
  const titles: EntityIssue[] = issues
    .filter((issue) => issue.businessEntityId === entity.id)
    .map((issue) => ({ title: issue.title }));
  const abilities = objectAbilities(
    input.user,
    followingSubject('business_entity', databaseSubject(database)),
  );
  return {
    entity: presentBusinessEntity(entity, titles, input.user),
    database_id: database.id,
    table: entity.table,
    key_columns: entity.keyColumns,
    origin: entity.origin,
    editable: abilities.edit,
    abilities,
    checks: checks.map((check) => presentCheck(check, latest.get(check.id))),
    score,
  };
}

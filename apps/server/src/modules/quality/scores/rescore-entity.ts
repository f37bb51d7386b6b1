import type { EntityScore } from '@querent/contracts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import { recordEntityScores } from '../../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import { loadDatabaseSchema } from '../../databases/get-database-schema.ts';
import { listChecksOfEntity } from '../checks/checks.repo.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { latestRunsOf } from '../runs/check-runs.repo.ts';
import { tableLookup } from '../runs/table-lookup.ts';
import { insertScore } from './quality-scores.repo.ts';
import { cardPercent, scoreOf } from './score-entity.ts';

/**
 * Scores an entity again from the runs already stored, after its checks changed without running
 * (one muted, accepted, edited or deleted). An entity never reviewed keeps its "Not scanned" card.
 */
export async function rescoreEntity(
  deps: QualityDeps,
  input: { database: DatabaseRecord; entity: BusinessEntityRecord },
): Promise<EntityScore | null> {
  if (input.entity.reviewDate === null) return null;
  const schema = await loadDatabaseSchema(deps, input.database).catch(() => null);
  const checks = await listChecksOfEntity(deps.db, input.entity.id);
  const latest = await latestRunsOf(
    deps.db,
    checks.map((check) => check.id),
  );
  const table = schema && input.entity.table ? tableLookup(schema).find(input.entity.table) : null;
  const score = scoreOf({ entity: input.entity, table, checks, latest });
  await insertScore(deps.db, input.entity.id, score);
  await recordEntityScores(deps.db, input.entity.id, {
    completeness: cardPercent(score.completeness.score),
    qualityScore: cardPercent(score.quality.score),
  });
  return score;
}

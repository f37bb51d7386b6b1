import type { EntityScore } from '@querent/contracts';
import { entityScoreSchema } from '@querent/contracts';
import { sql } from 'kysely';
import type { StoreDb } from '../../../store/connect.ts';
import { newId, parseJson, toJson } from '../../../store/values.ts';

/** The only code with SQL for `quality_scores`. */

/** Scores kept per entity: the latest is shown; a short history stays for comparison. */
const SCORES_KEPT = 30;

/** Stores an entity's new score with its breakdown and formula version, then forgets the oldest. */
export async function insertScore(db: StoreDb, entityId: string, score: EntityScore): Promise<void> {
  await db
    .insertInto('quality_scores')
    .values({
      id: newId(),
      business_entity_id: entityId,
      quality_score: score.quality.score,
      completeness: score.completeness.score,
      version: score.version,
      breakdown: toJson(score),
      computed_at: score.computed_at,
    })
    .execute();
  await db
    .deleteFrom('quality_scores')
    .where('business_entity_id', '=', entityId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('quality_scores')
            .select(['id', sql<number>`row_number() over (order by computed_at desc, id desc)`.as('rank')])
            .where('business_entity_id', '=', entityId)
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.rank', '<=', SCORES_KEPT),
    )
    .execute();
}

/** The entity's latest score; null before its first assessment. */
export async function latestScoreOf(db: StoreDb, entityId: string): Promise<EntityScore | null> {
  const row = await db
    .selectFrom('quality_scores')
    .select('breakdown')
    .where('business_entity_id', '=', entityId)
    .orderBy('computed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = entityScoreSchema.safeParse(parseJson(row.breakdown));
  return parsed.success ? parsed.data : null;
}

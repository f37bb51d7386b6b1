import type { EntityDetail } from '@querent/contracts';
import type { User } from '../users/user.ts';
import { assessEntities } from './assess-entities.ts';
import { getEntityDetail } from './get-entity-detail.ts';
import { progressReporter } from './progress-reporter.ts';
import type { QualityDeps } from './quality-deps.ts';
import { requireEntity } from './quality-access.ts';

/** POST /api/business-entities/{id}/runs: runs the entity's active checks now and answers its new detail. */
export async function runEntityChecks(
  deps: QualityDeps,
  input: { user: User; entityId: string; signal?: AbortSignal },
): Promise<EntityDetail> {
  const { entity, database } = await requireEntity(deps.db, input.user, input.entityId, 'run');
  const progress = progressReporter(deps.events, {
    userId: input.user.id,
    databaseId: database.id,
    conversationId: null,
  });
  progress.report('checking', 0, 1, `Running the checks of ${entity.name}`);
  try {
    const done = await assessEntities(deps, {
      database,
      actor: input.user,
      entities: [entity],
      trigger: 'manual',
      signal: input.signal,
      onTable: progress.onTable,
    });
    progress.report('done', 1, 1, `${entity.name}: ${done.runs.length} checks run`);
  } catch (error) {
    progress.report('failed', 0, 1, `The checks of ${entity.name} could not run`);
    throw error;
  }
  return getEntityDetail(deps, { user: input.user, entityId: entity.id });
}

import type { CreateCheckBody, QualityCheck } from '@querent/contracts';
import { createCheckBodySchema, defaultDimensionOfKind } from '@querent/contracts';
import { AppError } from '../../../errors.ts';
import { loadDatabaseSchema } from '../../databases/get-database-schema.ts';
import type { User } from '../../users/user.ts';
import { assessEntities } from '../assess-entities.ts';
import { presentCheck } from '../present-check.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { requireEntity } from '../quality-access.ts';
import { latestRunsOf } from '../runs/check-runs.repo.ts';
import { checkThresholds, defaultJudgement } from './check-defaults.ts';
import { fingerprintCheck } from './check-fingerprint.ts';
import { describeCheck } from './check-titles.ts';
import { findCheckByFingerprint, findCheckById, insertCheck } from './checks.repo.ts';
import { tryCheck } from './try-check.ts';

/**
 * POST /api/business-entities/{id}/checks: a person's own check on the entity's table. It is
 * validated and tried on the database first; once saved it is active and the entity's checks run,
 * so its score reflects it at once. The same check twice is a conflict.
 */
export async function createCheck(
  deps: QualityDeps,
  input: { user: User; entityId: string; body: CreateCheckBody },
): Promise<QualityCheck> {
  const body = createCheckBodySchema.parse(input.body);
  const { entity, database } = await requireEntity(deps.db, input.user, input.entityId, 'write');
  if (!entity.table) {
    throw new AppError('BAD_REQUEST', 'This business entity names no table to check', {
      field: 'definition',
    });
  }
  const schema = await loadDatabaseSchema(deps, database, true);
  const fallback = defaultJudgement[body.definition.kind];
  checkThresholds(body.warn_percent ?? fallback.warnPercent, body.fail_percent ?? fallback.failPercent);
  const { definition } = await tryCheck(deps, {
    database,
    actor: input.user,
    schema,
    table: entity.table,
    definition: body.definition,
    judgement: {
      warnPercent: body.warn_percent ?? fallback.warnPercent,
      failPercent: body.fail_percent ?? fallback.failPercent,
    },
  });
  if (await findCheckByFingerprint(deps.db, entity.id, fingerprintCheck(entity.table, definition))) {
    throw new AppError('CONFLICT', 'This business entity already has this check');
  }
  const judgement = defaultJudgement[definition.kind];
  const check = await insertCheck(deps.db, {
    databaseId: database.id,
    entityId: entity.id,
    title: body.title ?? describeCheck(entity.table, definition),
    table: entity.table,
    definition,
    dimension: body.dimension ?? defaultDimensionOfKind[definition.kind],
    severity: body.severity ?? judgement.severity,
    warnPercent: body.warn_percent ?? judgement.warnPercent,
    failPercent: body.fail_percent ?? judgement.failPercent,
    origin: 'user',
    state: 'active',
  });
  await assessEntities(deps, {
    database,
    actor: input.user,
    entities: [entity],
    trigger: 'manual',
    schema,
  });
  const stored = (await findCheckById(deps.db, check.id)) ?? check;
  const latest = await latestRunsOf(deps.db, [stored.id]);
  return presentCheck(stored, latest.get(stored.id));
}

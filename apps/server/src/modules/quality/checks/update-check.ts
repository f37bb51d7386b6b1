import type { QualityCheck, UpdateCheckBody } from '@querent/contracts';
import { updateCheckBodySchema } from '@querent/contracts';
import { AppError } from '../../../errors.ts';
import { loadDatabaseSchema } from '../../databases/get-database-schema.ts';
import type { User } from '../../users/user.ts';
import { presentCheck } from '../present-check.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { requireCheck } from '../quality-access.ts';
import { latestRunsOf } from '../runs/check-runs.repo.ts';
import { rescoreEntity } from '../scores/rescore-entity.ts';
import { checkThresholds } from './check-defaults.ts';
import { fingerprintCheck } from './check-fingerprint.ts';
import type { CheckChanges } from './checks.repo.ts';
import { findCheckByFingerprint, updateCheck as updateCheckRow } from './checks.repo.ts';
import { muteCheck } from './mute-check.ts';
import { tryCheck } from './try-check.ts';

const unmuted = { mutedReason: null, mutedBy: null, mutedAt: null } as const;

/**
 * PUT /api/checks/{id}: accept a proposed check, mute one (with a reason) or unmute it, or change
 * how it is judged or what it checks. A new definition is validated and tried first; changing
 * what a muted check checks, or its thresholds, makes it active again. The entity is scored again
 * from its stored runs.
 */
export async function updateCheck(
  deps: QualityDeps,
  input: { user: User; checkId: string; body: UpdateCheckBody },
): Promise<QualityCheck> {
  const body = updateCheckBodySchema.parse(input.body);
  const { check, entity, database } = await requireCheck(deps.db, input.user, input.checkId, 'write');
  const warn = body.warn_percent ?? check.warnPercent;
  const fail = body.fail_percent ?? check.failPercent;
  checkThresholds(warn, fail);
  const changes: CheckChanges = {
    ...(body.title === undefined ? {} : { title: body.title }),
    ...(body.dimension === undefined ? {} : { dimension: body.dimension }),
    ...(body.severity === undefined ? {} : { severity: body.severity }),
    ...(body.warn_percent === undefined ? {} : { warnPercent: body.warn_percent }),
    ...(body.fail_percent === undefined ? {} : { failPercent: body.fail_percent }),
  };
  if (body.definition !== undefined) {
    const schema = await loadDatabaseSchema(deps, database, true);
    const { definition } = await tryCheck(deps, {
      database,
      actor: input.user,
      schema,
      table: check.table,
      definition: body.definition,
      judgement: { warnPercent: warn, failPercent: fail },
    });
    const same = await findCheckByFingerprint(
      deps.db,
      check.entityId,
      fingerprintCheck(check.table, definition),
    );
    if (same && same.id !== check.id)
      throw new AppError('CONFLICT', 'This business entity already has this check');
    changes.definition = definition;
  }
  const rejudged =
    changes.definition !== undefined ||
    changes.warnPercent !== undefined ||
    changes.failPercent !== undefined;

  let stored;
  if (body.state === 'muted') {
    if (body.muted_reason === undefined) {
      throw new AppError('BAD_REQUEST', 'Muting a check needs a reason', { field: 'muted_reason' });
    }
    const changed = await updateCheckRow(deps.db, check, changes);
    stored = await muteCheck(deps.db, { check: changed, reason: body.muted_reason, userId: input.user.id });
  } else {
    const state = body.state ?? (check.state === 'muted' && rejudged ? 'active' : undefined);
    stored = await updateCheckRow(deps.db, check, {
      ...changes,
      ...(state === undefined ? {} : { state }),
      ...(state === undefined ? {} : unmuted),
    });
  }
  await rescoreEntity(deps, { database, entity });
  const latest = await latestRunsOf(deps.db, [stored.id]);
  return presentCheck(stored, latest.get(stored.id));
}

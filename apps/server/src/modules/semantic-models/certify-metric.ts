import type { SemanticModelState } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import { closestNames } from '../../semantic/closest-names.ts';
import type { StoreDb } from '../../store/connect.ts';
import { nowIso } from '../../store/values.ts';
import type { Actor } from '../access/can.ts';
import { presentSemanticModel } from './present-semantic-model.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { findPersonName, findSemanticModel } from './semantic-models.repo.ts';
import { writeModelVersion } from './write-model-version.ts';

/**
 * POST (certify, by the caller, now) and DELETE (withdraw) on
 * /api/databases/{id}/semantic-model/metrics/{name}/certification: a new version of the model,
 * so the history says who vouched for the number and when. Withdrawing an uncertified metric
 * changes nothing.
 */
export async function setMetricCertification(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string; metric: string; certify: boolean },
): Promise<SemanticModelState> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'certify');
  const stored = await findSemanticModel(deps.db, database.id);
  const model = stored?.model ?? null;
  const metric = model?.metrics.find((candidate) => candidate.name === input.metric);
  if (!model || !stored || metric === undefined) {
    const suggestions = closestNames(
      input.metric,
      (model?.metrics ?? []).map((candidate) => candidate.name),
    );
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(', ')}?` : '';
    throw new AppError('NOT_FOUND', `The saved semantic model has no metric called ${input.metric}${hint}`, {
      field: 'name',
    });
  }
  if (input.certify || metric.certified !== null) {
    const certified = input.certify
      ? { by: await findPersonName(deps.db, input.user.id), at: nowIso() }
      : null;
    await writeModelVersion(deps.db, {
      databaseId: database.id,
      stored,
      from: stored.version,
      model: {
        ...model,
        metrics: model.metrics.map((candidate) =>
          candidate.name === input.metric ? { ...candidate, certified } : candidate,
        ),
      },
      userId: input.user.id,
    });
  }
  return presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
}

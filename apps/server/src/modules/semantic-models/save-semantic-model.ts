import type { SemanticModel, SemanticModelState } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { checkSemanticModel } from './check-semantic-model.ts';
import { keepCertifications } from './keep-certifications.ts';
import { presentSemanticModel } from './present-semantic-model.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { findSemanticModel } from './semantic-models.repo.ts';
import { writeModelVersion } from './write-model-version.ts';

/**
 * PUT /api/databases/{id}/semantic-model: the whole model, saved as the next version when
 * `version` is the saved one. References are checked (400 naming the part); certifications are
 * the stored ones where definitions are unchanged, and dropped where they changed.
 */
export async function saveSemanticModel(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string; model: SemanticModel; version: number },
): Promise<SemanticModelState> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'edit');
  checkSemanticModel(input.model);
  const stored = await findSemanticModel(deps.db, database.id);
  await writeModelVersion(deps.db, {
    databaseId: database.id,
    stored,
    from: input.version,
    model: keepCertifications(stored?.model ?? null, input.model),
    userId: input.user.id,
  });
  return presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
}

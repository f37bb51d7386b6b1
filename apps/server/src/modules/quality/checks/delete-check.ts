import type { User } from '../../users/user.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { requireCheck } from '../quality-access.ts';
import { rescoreEntity } from '../scores/rescore-entity.ts';
import { deleteCheck as deleteCheckRow } from './checks.repo.ts';

/** DELETE /api/checks/{id}: the check and its runs go; its issue stays, no longer linked; the entity is scored again. */
export async function deleteCheck(deps: QualityDeps, input: { user: User; checkId: string }): Promise<void> {
  const { check, entity, database } = await requireCheck(deps.db, input.user, input.checkId, 'write');
  await deleteCheckRow(deps.db, check.id);
  await rescoreEntity(deps, { database, entity });
}

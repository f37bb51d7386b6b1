import type { SemanticModelState } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { requireProject } from '../projects/project-access.ts';
import { presentSemanticModel } from './present-semantic-model.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { findSemanticModel } from './semantic-models.repo.ts';

/** GET /api/databases/{id}/semantic-model: whoever may see the database reads its model. */
export async function getSemanticModel(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string },
): Promise<SemanticModelState> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'read');
  return presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
}

/**
 * GET /api/projects/{id}/semantic-model: a project is one database's tables, so it answers with
 * that database's model, read-only here (it is changed on the database's page).
 */
export async function getProjectSemanticModel(
  deps: { db: StoreDb },
  input: { user: Actor; projectId: string },
): Promise<SemanticModelState> {
  const { database } = await requireProject(deps.db, input.user, input.projectId, 'read');
  const state = await getSemanticModel(deps, { user: input.user, databaseId: database.id });
  return { ...state, abilities: { edit: false, certify: false } };
}

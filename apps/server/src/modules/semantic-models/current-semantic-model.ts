import type { SemanticModel } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { findSemanticModel } from './semantic-models.repo.ts';

/** Which model answers: the one a person saved, or the one proposed and not yet decided on. */
export interface CurrentSemanticModel {
  model: SemanticModel;
  source: 'saved' | 'proposal';
  /** The saved version (0 when the model is an undecided proposal). */
  version: number;
}

/**
 * The model the analyst (and a metric query) answers from: the saved one, else the pending
 * proposal (so that after an unattended Scan auto it already knows the database), else null.
 * The caller has already checked that the asker may read the database.
 */
export async function currentSemanticModel(
  deps: { db: StoreDb },
  databaseId: string,
): Promise<CurrentSemanticModel | null> {
  const stored = await findSemanticModel(deps.db, databaseId);
  if (stored?.model) return { model: stored.model, source: 'saved', version: stored.version };
  if (stored?.proposal) return { model: stored.proposal.model, source: 'proposal', version: stored.version };
  return null;
}

import type { SemanticModel } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { describeModelChanges } from './describe-model-changes.ts';
import type { SemanticModelRecord } from './semantic-models.repo.ts';
import { storeNextVersion } from './semantic-models.repo.ts';

function staleVersion(current: number, from: number): AppError {
  return new AppError(
    'CONFLICT',
    `The semantic model changed since you opened it (version ${current} is saved, you edited version ${from}): reload it and make your change again`,
    { field: 'version' },
  );
}

/**
 * Every change of a model goes through here: saved as the version after `from`, with what changed
 * in the history, only if `from` is still the saved version. Someone else's save in between is a
 * 409, never overwritten.
 */
export async function writeModelVersion(
  db: StoreDb,
  input: {
    databaseId: string;
    stored: SemanticModelRecord | null;
    from: number;
    model: SemanticModel;
    userId: string;
    clearProposal?: boolean;
  },
): Promise<void> {
  const current = input.stored?.version ?? 0;
  if (input.from !== current) throw staleVersion(current, input.from);
  const saved = await storeNextVersion(db, {
    databaseId: input.databaseId,
    from: input.from,
    model: input.model,
    summary: describeModelChanges(input.stored?.model ?? null, input.model),
    userId: input.userId,
    ...(input.clearProposal === undefined ? {} : { clearProposal: input.clearProposal }),
  });
  if (!saved) throw staleVersion(current + 1, input.from);
}

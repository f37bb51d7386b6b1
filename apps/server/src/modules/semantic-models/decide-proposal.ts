import type { SemanticModelState } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { checkSemanticModel } from './check-semantic-model.ts';
import { keepCertifications } from './keep-certifications.ts';
import type { ProposalItems } from './merge-proposal.ts';
import { mergeProposal } from './merge-proposal.ts';
import { presentSemanticModel } from './present-semantic-model.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { clearProposal, findSemanticModel } from './semantic-models.repo.ts';
import { writeModelVersion } from './write-model-version.ts';

/**
 * POST …/semantic-model/proposal/accept: the pending proposal (or the items picked from it)
 * merged into the model of `version` as its next version; the proposal is then closed, what was
 * not picked rejected with it. With `replace`, proposed items take the place of same-named ones
 * (certifications stay where the definition is unchanged). A merge whose picks leave references broken (a metric without
 * its dataset) is refused, 400 naming the part.
 */
export async function acceptProposal(
  deps: { db: StoreDb },
  input: {
    user: Actor;
    databaseId: string;
    version: number;
    items?: ProposalItems | undefined;
    /** The proposal's items replace the model's of the same names (an import), instead of yielding to them. */
    replace?: boolean | undefined;
  },
): Promise<SemanticModelState> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'edit');
  const stored = await findSemanticModel(deps.db, database.id);
  if (!stored?.proposal) throw new AppError('CONFLICT', 'There is no pending proposal to accept');
  const merged = mergeProposal(stored.model, stored.proposal.model, input.items, input.replace === true);
  checkSemanticModel(merged, input.items === undefined ? 'model' : 'items');
  await writeModelVersion(deps.db, {
    databaseId: database.id,
    stored,
    from: input.version,
    model: keepCertifications(stored.model, merged),
    userId: input.user.id,
    clearProposal: true,
  });
  return presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
}

/** DELETE …/semantic-model/proposal: the pending proposal is dropped (none is not an error). */
export async function rejectProposal(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string },
): Promise<SemanticModelState> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'edit');
  await clearProposal(deps.db, database.id);
  return presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
}

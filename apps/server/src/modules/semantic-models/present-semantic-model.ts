import type { SemanticModelState } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { semanticModelAbilities } from './semantic-model-access.ts';
import type { SemanticModelRecord } from './semantic-models.repo.ts';

/** The model's state as the API answers it, with what this caller may do to it. */
export function presentSemanticModel(
  actor: Actor,
  database: DatabaseRecord,
  record: SemanticModelRecord | null,
): SemanticModelState {
  const proposal = record?.proposal ?? null;
  return {
    databaseId: database.id,
    model: record?.model ?? null,
    version: record?.version ?? 0,
    updatedAt: record?.updatedAt ?? null,
    updatedBy: record?.updatedBy?.name ?? null,
    proposal:
      proposal === null
        ? null
        : {
            model: proposal.model,
            proposedAt: proposal.proposedAt,
            proposedBy: proposal.proposedBy?.name ?? null,
            source: proposal.source,
          },
    abilities: semanticModelAbilities(actor, database),
  };
}

import type { SemanticImportResult } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import type { SemanticImportInput } from './convert-semantic-import.ts';
import { convertSemanticImport } from './convert-semantic-import.ts';
import { presentSemanticModel } from './present-semantic-model.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { findSemanticModel, storeProposal } from './semantic-models.repo.ts';

/**
 * POST …/semantic-model/import: dbt's semantic models and metrics, or an OSI file, converted and
 * kept as the pending proposal (source `import`), never over the saved model: the person accepts
 * it, all or some, as any proposal. Answers with what the import left out. A file holding nothing
 * to import is refused rather than proposing an empty model.
 */
export async function importSemanticModel(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string; file: SemanticImportInput },
): Promise<SemanticImportResult> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'edit');
  const { model, warnings } = convertSemanticImport(input.file);
  if (model.datasets.length === 0 && model.metrics.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      `Nothing to import: ${warnings.map((warning) => warning.message).join('; ') || 'no semantic models or metrics were found'}`,
      { field: input.file.files === undefined ? 'content' : 'files' },
    );
  }
  await storeProposal(deps.db, { databaseId: database.id, model, source: 'import', userId: input.user.id });
  const state = presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
  return { ...state, warnings };
}

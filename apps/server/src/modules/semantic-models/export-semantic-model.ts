import { AppError } from '../../errors.ts';
import { exportOsiYaml } from '../../semantic/interchange/export-osi-yaml.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { findSemanticModel } from './semantic-models.repo.ts';

export interface ExportedSemanticModel {
  filename: string;
  content: string;
}

/** The database's name as a file name: no path separators, quotes or control characters. */
function fileBase(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}/\\"<>:|?*]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-');
  return cleaned.slice(0, 100) || 'database';
}

/**
 * GET …/semantic-model/export?format=osi: the saved model (or the pending proposal) as OSI YAML,
 * named after the database, for whoever may read the model; 404 when there is none to export.
 */
export async function exportSemanticModel(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string; proposal: boolean },
): Promise<ExportedSemanticModel> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'read');
  const stored = await findSemanticModel(deps.db, database.id);
  const model = input.proposal ? (stored?.proposal?.model ?? null) : (stored?.model ?? null);
  if (model === null) {
    throw new AppError(
      'NOT_FOUND',
      input.proposal
        ? 'There is no pending proposal to export'
        : 'This database has no saved semantic model to export yet',
    );
  }
  return {
    filename: `${fileBase(database.name)}-semantic-model${input.proposal ? '-proposal' : ''}.osi.yaml`,
    content: exportOsiYaml(model, { name: database.name }),
  };
}

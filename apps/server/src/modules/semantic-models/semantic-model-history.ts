import type { SemanticModelChange, SemanticModelHistory, SemanticModelVersion } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { Actor } from '../access/can.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import type { HistoryRecord } from './semantic-models.repo.ts';
import { findHistoryVersion, listHistory } from './semantic-models.repo.ts';

function presentChange(record: HistoryRecord): SemanticModelChange {
  return {
    version: record.version,
    summary: record.summary,
    changedAt: record.changedAt,
    changedBy: record.changedBy?.name ?? null,
  };
}

/** GET …/semantic-model/history: every saved version, newest first, for whoever reads the model. */
export async function listSemanticModelHistory(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string },
): Promise<SemanticModelHistory> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'read');
  return { changes: (await listHistory(deps.db, database.id)).map(presentChange) };
}

/** GET …/semantic-model/history/{version}: the model as that version saved it. */
export async function getSemanticModelVersion(
  deps: { db: StoreDb },
  input: { user: Actor; databaseId: string; version: number },
): Promise<SemanticModelVersion> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'read');
  const found = await findHistoryVersion(deps.db, database.id, input.version);
  if (!found) {
    throw new AppError('NOT_FOUND', `The semantic model has no version ${input.version}`, {
      field: 'version',
    });
  }
  return { ...presentChange(found), model: found.model };
}

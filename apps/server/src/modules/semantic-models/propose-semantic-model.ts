import type { SchemaInfo, SemanticModelState } from '@querent/contracts';
import { profileColumns } from '../../semantic/proposal/profile-columns.ts';
import { proposeSemanticModel as proposeFromSchema } from '../../semantic/proposal/propose-model.ts';
import type { Actor } from '../access/can.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import { presentSemanticModel } from './present-semantic-model.ts';
import type { SemanticModelDeps } from './semantic-model-deps.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';
import { findSemanticModel, storeProposal } from './semantic-models.repo.ts';

/**
 * Tables whose columns are profiled for a proposal, at most: one statement or two each, one table
 * at a time; the others are read by name and type alone, so a large warehouse is not scanned
 * whole because someone asked for a first model.
 */
export const PROFILED_TABLES_AT_MOST = 50;

/** The schema cut to its first tables, in the order the proposer reads them. */
function firstTables(schema: SchemaInfo, count: number): SchemaInfo {
  let left = count;
  return {
    ...schema,
    schemas: schema.schemas.map((group) => {
      const tables = group.tables.slice(0, Math.max(0, left));
      left -= tables.length;
      return { ...group, tables };
    }),
  };
}

/**
 * POST /api/databases/{id}/semantic-model/proposal: a model proposed from the database's schema
 * and its columns' profiles (read-only, through the one SQL path), kept as the pending proposal
 * in place of any earlier one. The saved model is not touched until someone accepts it.
 */
export async function proposeSemanticModel(
  deps: SemanticModelDeps,
  input: { user: Actor; databaseId: string; signal?: AbortSignal | undefined },
): Promise<SemanticModelState> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'edit');
  const schema = await loadDatabaseSchema(deps, database);
  const profiles = await profileColumns(deps, {
    database,
    actor: input.user,
    schema: firstTables(schema, PROFILED_TABLES_AT_MOST),
    signal: input.signal,
  });
  await storeProposal(deps.db, {
    databaseId: database.id,
    model: proposeFromSchema({ schema, profiles }),
    source: 'person',
    userId: input.user.id,
  });
  return presentSemanticModel(input.user, database, await findSemanticModel(deps.db, database.id));
}

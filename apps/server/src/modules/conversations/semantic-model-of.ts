import type { SchemaInfo, SemanticModel } from '@querent/contracts';
import { proposeSemanticModel } from '../../semantic/proposal/propose-model.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import { currentSemanticModel } from '../semantic-models/current-semantic-model.ts';
import type { StoreDb } from '../../store/connect.ts';

/*
 * The semantic model the analyst answers from: the one a person saved, else the pending proposal
 * (Scan auto's, with the values its profiles found), else the model proposed from the database's
 * schema as an unattended Scan auto would propose it: made once
 * per schema version (the schema cache hands out one object per version, so a WeakMap keyed by it
 * forgets a model with its version) and without column profiles, which would cost a scan of
 * every table at a turn's start.
 */

const proposals = new WeakMap<SchemaInfo, SemanticModel>();

export async function semanticModelOf(
  deps: SchemaDeps & { db: StoreDb; semanticModel: 'on' | 'off' },
  database: DatabaseRecord,
): Promise<SemanticModel | null> {
  if (deps.semanticModel === 'off') return null;
  const current = await currentSemanticModel(deps, database.id);
  if (current) return current.model;
  const schema = await loadDatabaseSchema(deps, database);
  let model = proposals.get(schema);
  if (!model) {
    model = proposeSemanticModel({ schema });
    proposals.set(schema, model);
  }
  return model.datasets.length > 0 ? model : null;
}

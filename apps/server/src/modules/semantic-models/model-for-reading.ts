import type { SchemaInfo, SemanticModel, SemanticModelSource } from '@querent/contracts';
import { proposeSemanticModel } from '../../semantic/proposal/propose-model.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import type { Actor } from '../access/can.ts';
import { currentSemanticModel } from './current-semantic-model.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';

/** The model to read a database's words from, and where it came from. */
export interface ReadingModel {
  model: SemanticModel;
  /** `schema`: proposed here from the cached schema, never stored. */
  source: SemanticModelSource;
}

/*
 * Proposals made from a schema alone, kept per schema object: the schema cache hands out one
 * object per database and version, so an entry lives exactly as long as the schema it was read
 * from (the memory is bounded by the cache's, and a changed database gets a fresh proposal).
 */
const proposedFromSchema = new WeakMap<SchemaInfo, SemanticModel>();

function proposalOf(schema: SchemaInfo): SemanticModel {
  let model = proposedFromSchema.get(schema);
  if (!model) {
    // No profiles: measuring columns costs a scan, which a lookup must never start.
    model = proposeSemanticModel({ schema });
    proposedFromSchema.set(schema, model);
  }
  return model;
}

/**
 * The model that says what a database's words mean, for every reader that must not wait for a
 * person (suggestions as one types, the analyst, metric queries through the API and MCP):
 * `currentSemanticModel` (saved, else the pending proposal), else one proposed from the
 * database's cached schema as an unattended Scan auto would, without values; null when that finds
 * no dataset either. The caller has already checked that the asker may read the database.
 */
export async function modelForReading(
  deps: SchemaDeps,
  database: DatabaseRecord,
): Promise<ReadingModel | null> {
  const current = await currentSemanticModel(deps, database.id);
  if (current) return { model: current.model, source: current.source };
  const model = proposalOf(await loadDatabaseSchema(deps, database));
  return model.datasets.length > 0 ? { model, source: 'schema' } : null;
}

/** The same model for someone who may read the database's model (404 when they may not see the database). */
export async function readModelForReading(
  deps: SchemaDeps,
  input: { user: Actor; databaseId: string },
): Promise<ReadingModel | null> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'read');
  return modelForReading(deps, database);
}

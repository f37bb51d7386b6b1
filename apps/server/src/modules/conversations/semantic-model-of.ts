import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { modelForReading, type ReadingModel } from '../semantic-models/model-for-reading.ts';

/*
 * The semantic model the analyst answers from, and where it came from: the one a person saved,
 * else the pending proposal (Scan auto's, with the values its profiles found), else one proposed
 * from the database's schema as an unattended Scan auto would propose it (the same the chat's
 * suggestions, the API and MCP read); none when ANALYST_SEMANTIC_MODEL is off.
 */
export async function semanticModelOf(
  deps: SchemaDeps & { semanticModel: 'on' | 'off' },
  database: DatabaseRecord,
): Promise<ReadingModel | null> {
  if (deps.semanticModel === 'off') return null;
  return modelForReading(deps, database);
}

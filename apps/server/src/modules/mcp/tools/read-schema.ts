import { snapshotOf } from '../../../agent/schema/schema-snapshot.ts';
import type { SchemaSnapshot } from '../../../agent/schema/schema-snapshot.ts';
import { getDatabaseSchema } from '../../databases/get-database-schema.ts';
import type { McpToolContext } from '../mcp-tool.ts';

/**
 * The schema of a database as the analyst reads it (flattened tables and their search index,
 * kept per schema version), read through GET /api/databases/{id}/schema's use case, so the
 * policy and the schema cache are the REST route's.
 */
export async function readSchemaSnapshot(
  { deps, user }: McpToolContext,
  databaseId: string,
): Promise<SchemaSnapshot> {
  const schema = await getDatabaseSchema(deps, { user, databaseId, refresh: false });
  return snapshotOf(schema);
}

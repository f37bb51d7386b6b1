import type { SchemaInfo } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import type { User } from '../users/user.ts';
import { requireDatabase } from './database-access.ts';
import type { DatabaseConnections } from './database-connections.ts';
import { toUserFacingError } from './database-connections.ts';
import type { DatabaseRecord } from './database-record.ts';
import { readDbtFiles } from './databases.repo.ts';
import { mergeDbtDescriptions } from './merge-dbt.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface SchemaDeps {
  db: StoreDb;
  connections: DatabaseConnections;
  schemaCache: SchemaCache;
}

/** The schema of a database the caller already may read, from the cache unless `refresh`. */
export function loadDatabaseSchema(
  deps: SchemaDeps,
  database: DatabaseRecord,
  refresh = false,
): Promise<SchemaInfo> {
  return deps.schemaCache.get(
    database.id,
    database.updatedAt,
    async () => {
      try {
        const connector = deps.connections.forDatabase(database);
        const [introspected, dbt] = await Promise.all([
          connector.introspect(),
          readDbtFiles(deps.db, database.id),
        ]);
        return { ...mergeDbtDescriptions(introspected, dbt), introspectedAt: new Date().toISOString() };
      } catch (error) {
        throw toUserFacingError(error);
      }
    },
    refresh,
  );
}

/** GET /api/databases/{id}/schema */
export async function getDatabaseSchema(
  deps: SchemaDeps,
  input: { user: User; databaseId: string; refresh: boolean },
): Promise<SchemaInfo> {
  const database = await requireDatabase(deps.db, input.user, input.databaseId, 'read');
  return loadDatabaseSchema(deps, database, input.refresh);
}

import type { SchemaInfo } from '@querent/contracts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';
import type { User } from '../users/user.ts';
import { findTable } from './check-project-tables.ts';
import { requireProject } from './project-access.ts';

/** The database's schema restricted to the project's tables. */
export function restrictSchema(
  schema: SchemaInfo,
  tables: readonly { schema: string; table: string }[],
): SchemaInfo {
  const kept = new Map<string, Set<string>>();
  for (const wanted of tables) {
    const found = findTable(schema, wanted);
    if (!found) continue;
    kept.set(found.schema, (kept.get(found.schema) ?? new Set()).add(found.table.name));
  }
  return {
    introspectedAt: schema.introspectedAt,
    schemas: schema.schemas
      .filter((entry) => kept.has(entry.name))
      .map((entry) => ({
        name: entry.name,
        tables: entry.tables.filter((table) => kept.get(entry.name)?.has(table.name)),
      })),
  };
}

/** GET /api/projects/{id}/schema */
export async function getProjectSchema(
  deps: SchemaDeps,
  input: { user: User; projectId: string; refresh: boolean },
): Promise<SchemaInfo> {
  const { project, database } = await requireProject(deps.db, input.user, input.projectId, 'read');
  const schema = await loadDatabaseSchema(deps, database, input.refresh);
  return restrictSchema(schema, project.tables);
}

import type { ProjectTable, SchemaInfo } from '@querent/contracts';
import { AppError, isAppError } from '../../errors.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { loadDatabaseSchema } from '../databases/get-database-schema.ts';

/** Where a chosen table is in the schema, or null; an empty schema name matches any schema. */
export function findTable(schema: SchemaInfo, wanted: ProjectTable) {
  for (const entry of schema.schemas) {
    if (wanted.schema !== '' && entry.name !== wanted.schema) continue;
    const table = entry.tables.find((candidate) => candidate.name === wanted.table);
    if (table) return { schema: entry.name, table };
  }
  return null;
}

/** One entry per table: the unique key of project_tables would refuse a repeat. */
export function uniqueTables(tables: readonly ProjectTable[]): ProjectTable[] {
  const seen = new Set<string>();
  return tables.filter((entry) => {
    const key = JSON.stringify([entry.schema, entry.table]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every chosen table must exist in the database (400 naming `tables[i]`). When the database
 * cannot be reached the project is still saved — the user may be setting it up offline — and the
 * returned warning says the tables were not checked.
 */
export async function checkProjectTables(
  deps: SchemaDeps,
  database: DatabaseRecord,
  tables: readonly ProjectTable[],
): Promise<{ warning: string | null }> {
  if (tables.length === 0) return { warning: null };
  let schema: SchemaInfo;
  try {
    schema = await loadDatabaseSchema(deps, database);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      warning: `The tables could not be checked because the database did not answer: ${error.message}`,
    };
  }
  tables.forEach((wanted, index) => {
    if (findTable(schema, wanted)) return;
    const name = wanted.schema === '' ? wanted.table : `${wanted.schema}.${wanted.table}`;
    throw new AppError(
      'BAD_REQUEST',
      `tables[${index}]: ${name} is not a table of database ${database.name}`,
      {
        field: `tables[${index}]`,
      },
    );
  });
  return { warning: null };
}

import type { SchemaInfo, TableInfo } from '@querent/contracts';
import { quoteIdentifier, sqlDialects } from '@querent/contracts';
import type { SqlDialect } from '../../connectors/index.ts';

/** A table with the schema it lives in and the name the analyst should write in SQL. */
export interface SchemaTable {
  schema: string;
  table: TableInfo;
  /** `schema.table`, or just `table` when the database has one schema. */
  name: string;
  /** Tables whose foreign keys point here; a rough measure of how central a table is. */
  referencedBy: string[];
}

function tableKey(schema: string, table: string): string {
  return `${schema}.${table}`.toLowerCase();
}

/** Every table of a schema, flattened, with the reverse of its foreign keys. */
export function listSchemaTables(schema: SchemaInfo): SchemaTable[] {
  const qualify = schema.schemas.filter((entry) => entry.tables.length > 0).length > 1;
  const tables: SchemaTable[] = schema.schemas.flatMap((entry) =>
    entry.tables.map((table) => ({
      schema: entry.name,
      table,
      name: qualify ? `${entry.name}.${table.name}` : table.name,
      referencedBy: [],
    })),
  );
  const byKey = new Map(tables.map((entry) => [tableKey(entry.schema, entry.table.name), entry]));
  for (const entry of tables) {
    for (const key of entry.table.foreignKeys) {
      const target = byKey.get(tableKey(key.references.schema || entry.schema, key.references.table));
      if (target && target !== entry && !target.referencedBy.includes(entry.name))
        target.referencedBy.push(entry.name);
    }
  }
  return tables;
}

/**
 * Finds a table by the name the model wrote: qualified or not, any case, with or without quotes.
 * An unqualified name matching tables in several schemas is ambiguous: null.
 */
export function findSchemaTable(tables: readonly SchemaTable[], written: string): SchemaTable | null {
  const cleaned = written
    .trim()
    .replace(/["`[\]]/g, '')
    .toLowerCase();
  const exact = tables.find((entry) => entry.name.toLowerCase() === cleaned);
  if (exact) return exact;
  const qualified = tables.find((entry) => tableKey(entry.schema, entry.table.name) === cleaned);
  if (qualified) return qualified;
  const bare = tables.filter((entry) => entry.table.name.toLowerCase() === cleaned);
  return bare.length === 1 ? (bare[0] ?? null) : null;
}

export function describeOf(text: string | null | undefined, max: number): string | null {
  if (!text) return null;
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The table's own description: the database comment, else dbt's. */
export function tableDescription(table: TableInfo): string | null {
  return table.comment ?? table.dbtDescription;
}

export function projectTableKeys(tables: readonly { schema: string; table: string }[]): Set<string> {
  return new Set(tables.map((entry) => tableKey(entry.schema, entry.table)));
}

export function isFocused(entry: SchemaTable, focus: ReadonlySet<string>): boolean {
  return focus.has(tableKey(entry.schema, entry.table.name)) || focus.has(tableKey('', entry.table.name));
}

/** A name quoted whatever it looks like: it comes from the schema, exactly as the engine keeps it. */
export function quoteName(name: string, dialect: SqlDialect): string {
  return quoteIdentifier(name, sqlDialects[dialect], 'always');
}

/** The table as SQL names it: schema-qualified when the database has several schemas. */
export function tableSql(entry: SchemaTable, dialect: SqlDialect): string {
  const table = quoteName(entry.table.name, dialect);
  return entry.name.includes('.') ? `${quoteName(entry.schema, dialect)}.${table}` : table;
}

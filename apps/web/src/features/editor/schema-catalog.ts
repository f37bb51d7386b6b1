import type { ColumnInfo, SchemaInfo } from '@querent/contracts';
import type { EngineSyntax } from './sql-dialects.ts';

export interface CatalogTable {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: ColumnInfo[];
  /** Reachable without its schema (the engine's default schema, or the only one). */
  unqualified: boolean;
}

/** The schema indexed for lookups by lower-cased name, built once per schema load. */
export interface Catalog {
  schemas: string[];
  tables: CatalogTable[];
  byName: Map<string, CatalogTable[]>;
  bySchema: Map<string, CatalogTable[]>;
}

function add<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildCatalog(info: SchemaInfo, syntax: EngineSyntax): Catalog {
  const single = info.schemas.length === 1;
  const catalog: Catalog = { schemas: [], tables: [], byName: new Map(), bySchema: new Map() };
  for (const schema of info.schemas) {
    if (schema.name) catalog.schemas.push(schema.name);
    const unqualified = single || syntax.defaultSchemas.includes(schema.name);
    for (const table of schema.tables) {
      const entry: CatalogTable = {
        schema: schema.name,
        name: table.name,
        kind: table.kind,
        columns: table.columns,
        unqualified,
      };
      catalog.tables.push(entry);
      add(catalog.byName, table.name.toLowerCase(), entry);
      add(catalog.bySchema, schema.name.toLowerCase(), entry);
    }
  }
  return catalog;
}

/**
 * The table a name written in SQL stands for: `table`, `schema.table` or `db.schema.table`.
 * Names compare case-insensitively, as unquoted names do in most engines; an unqualified name
 * prefers the default schema's table over a namesake elsewhere.
 */
export function resolveTable(catalog: Catalog, path: readonly string[]): CatalogTable | null {
  const name = path.at(-1)?.toLowerCase();
  if (!name) return null;
  const candidates = catalog.byName.get(name) ?? [];
  if (path.length === 1) return candidates.find((table) => table.unqualified) ?? candidates[0] ?? null;
  const schema = (path.at(-2) ?? '').toLowerCase();
  return candidates.find((table) => table.schema.toLowerCase() === schema) ?? null;
}

export function tablesOfSchema(catalog: Catalog, schema: string): CatalogTable[] {
  return catalog.bySchema.get(schema.toLowerCase()) ?? [];
}

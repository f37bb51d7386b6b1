import type { ColumnInfo, SchemaInfo, TableInfo } from '@querent/contracts';

/** A table shown by the browser; while searching, `columns` are the columns whose name matched. */
export interface TableMatch {
  schema: string;
  table: TableInfo;
  nameMatches: boolean;
  columns: ColumnInfo[];
}

export interface SchemaGroup {
  name: string;
  tables: TableMatch[];
}

/** The search text as compared: trimmed and lower-cased; empty means "no search". */
export function normalizeSearch(query: string): string {
  return query.trim().toLowerCase();
}

/**
 * Tables and columns whose name contains the search, case-insensitively (an empty search keeps
 * everything). A table is kept when its own name matches or any of its columns does; schemas
 * left without tables are dropped. Runs over every table, so it stays a plain loop with no copies
 * of unmatched data: 5,000 tables × 20 columns take a few milliseconds.
 */
export function filterSchema(info: SchemaInfo, query: string): SchemaGroup[] {
  const needle = normalizeSearch(query);
  const groups: SchemaGroup[] = [];
  for (const schema of info.schemas) {
    const tables: TableMatch[] = [];
    for (const table of schema.tables) {
      if (needle === '') {
        tables.push({ schema: schema.name, table, nameMatches: false, columns: [] });
        continue;
      }
      const nameMatches = table.name.toLowerCase().includes(needle);
      const columns = table.columns.filter((column) => column.name.toLowerCase().includes(needle));
      if (nameMatches || columns.length > 0)
        tables.push({ schema: schema.name, table, nameMatches, columns });
    }
    if (tables.length > 0) groups.push({ name: schema.name, tables });
  }
  return groups;
}

export function countTables(groups: readonly SchemaGroup[]): number {
  return groups.reduce((total, group) => total + group.tables.length, 0);
}

/** A stable key for a table across schemas; engines without schemas use an empty schema name. */
export function tableKey(schema: string, table: string): string {
  return `${schema}\u0000${table}`;
}

/** `schema.table`, or just the table where the engine has no schemas. */
export function qualifiedName(schema: string, table: string): string {
  return schema ? `${schema}.${table}` : table;
}

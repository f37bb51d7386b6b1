import type { SchemaInfo, TableSchema } from './connector.ts';

/** Groups tables under their schemas, both in name order, so every engine returns the same shape. */
export function groupTables(entries: readonly { schema: string; table: TableSchema }[]): SchemaInfo {
  const bySchema = new Map<string, TableSchema[]>();
  for (const { schema, table } of entries) {
    const tables = bySchema.get(schema) ?? [];
    tables.push(table);
    bySchema.set(schema, tables);
  }
  const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
  return {
    schemas: [...bySchema.entries()]
      .map(([name, tables]) => ({ name, tables: tables.sort(byName) }))
      .sort(byName),
  };
}

/** Splits a comma-separated list some catalogs return (GROUP_CONCAT, string_agg) back into names. */
export function splitNames(list: string | null): string[] {
  return list ? list.split(',') : [];
}

import type { SchemaInfo, TableInfo, TableName } from '@querent/contracts';

/** Tables of an introspected schema, found by schema and name whatever their case. */
export interface TableLookup {
  find(table: TableName): TableInfo | null;
}

const keyOf = (schema: string, name: string) => `${schema.toLowerCase()}\u0000${name.toLowerCase()}`;

export function tableLookup(schema: SchemaInfo): TableLookup {
  const byKey = new Map<string, TableInfo>();
  const byName = new Map<string, TableInfo[]>();
  for (const entry of schema.schemas) {
    for (const table of entry.tables) {
      byKey.set(keyOf(entry.name, table.name), table);
      const list = byName.get(table.name.toLowerCase()) ?? [];
      list.push(table);
      byName.set(table.name.toLowerCase(), list);
    }
  }
  return {
    find(table) {
      const exact = byKey.get(keyOf(table.schema, table.name));
      if (exact) return exact;
      // A table named without its schema ('' on engines with one) is found if its name is unique.
      if (table.schema !== '') return null;
      const candidates = byName.get(table.name.toLowerCase()) ?? [];
      return candidates.length === 1 ? (candidates[0] ?? null) : null;
    },
  };
}

/** A column of the table as it spells it, found whatever the case; null when absent. */
export function findColumn(table: TableInfo, column: string): string | null {
  const exact = table.columns.find((entry) => entry.name === column);
  if (exact) return exact.name;
  const folded = table.columns.filter((entry) => entry.name.toLowerCase() === column.toLowerCase());
  return folded.length === 1 ? (folded[0]?.name ?? null) : null;
}

import type { ProjectTable, SchemaInfo } from '@querent/contracts';
import { normalizeSearch, tableKey } from '../schema/filter-schema.ts';

export function keyOf(table: ProjectTable): string {
  return tableKey(table.schema, table.table);
}

export function isSelected(selection: readonly ProjectTable[], table: ProjectTable): boolean {
  const key = keyOf(table);
  return selection.some((item) => keyOf(item) === key);
}

/** Adds or removes one table; the order of the others is kept, new ones go last. */
export function toggleTable(selection: readonly ProjectTable[], table: ProjectTable): ProjectTable[] {
  const key = keyOf(table);
  return isSelected(selection, table)
    ? selection.filter((item) => keyOf(item) !== key)
    : [...selection, table];
}

/** Selects every given table (when `on`) or removes them all, leaving other tables as they are. */
export function setTables(selection: readonly ProjectTable[], tables: readonly ProjectTable[], on: boolean) {
  const keys = new Set(tables.map(keyOf));
  const rest = selection.filter((item) => !keys.has(keyOf(item)));
  return on ? [...rest, ...tables] : rest;
}

export interface PickerGroup {
  schema: string;
  tables: ProjectTable[];
}

/** The tables of the schema whose name (or schema name) contains the search, by schema. */
export function pickerGroups(info: SchemaInfo, search: string): PickerGroup[] {
  const needle = normalizeSearch(search);
  const groups: PickerGroup[] = [];
  for (const schema of info.schemas) {
    const schemaMatches = needle !== '' && schema.name.toLowerCase().includes(needle);
    const tables: ProjectTable[] = [];
    for (const table of schema.tables) {
      if (needle === '' || schemaMatches || table.name.toLowerCase().includes(needle)) {
        tables.push({ schema: schema.name, table: table.name });
      }
    }
    if (tables.length > 0) groups.push({ schema: schema.name, tables });
  }
  return groups;
}

/** Selected tables the schema no longer has (dropped or renamed since the project was saved). */
export function missingTables(info: SchemaInfo, selection: readonly ProjectTable[]): ProjectTable[] {
  const known = new Set<string>();
  for (const schema of info.schemas)
    for (const table of schema.tables) known.add(tableKey(schema.name, table.name));
  return selection.filter((item) => !known.has(keyOf(item)));
}

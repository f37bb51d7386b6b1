import type { SchemaTable } from './schema-tables.ts';
import { describeOf, tableDescription } from './schema-tables.ts';

/** How a table appears in a search result: enough to decide whether to describe it. */
export function tableCard(entry: SchemaTable, matchedColumns: readonly string[]) {
  const shownColumns =
    matchedColumns.length > 0
      ? matchedColumns.slice(0, 12)
      : entry.table.columns.slice(0, 8).map((c) => c.name);
  return {
    table: entry.name,
    kind: entry.table.kind,
    rowEstimate: entry.table.rowEstimate,
    description: describeOf(tableDescription(entry.table), 160),
    columnCount: entry.table.columns.length,
    [matchedColumns.length > 0 ? 'matchingColumns' : 'firstColumns']: shownColumns,
  };
}

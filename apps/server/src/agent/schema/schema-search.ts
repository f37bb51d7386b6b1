import type { SchemaTable } from './schema-tables.ts';
import { describeOf, tableDescription } from './schema-tables.ts';

export interface SchemaMatch {
  entry: SchemaTable;
  score: number;
  /** Columns whose name or description matched, in table order. */
  columns: string[];
}

/** Lower-case words of a query, with a plural's singular too ("customers" finds "customer"). */
export function searchTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9_\u00c0-\uffff]+/)
    .flatMap((word) => word.split('_'))
    .filter((word) => word.length > 1);
  const terms = new Set<string>();
  for (const word of words) {
    terms.add(word);
    if (word.length > 3 && word.endsWith('ies')) terms.add(`${word.slice(0, -3)}y`);
    else if (word.length > 3 && word.endsWith('s')) terms.add(word.slice(0, -1));
  }
  return [...terms];
}

function contains(text: string | null | undefined, term: string): boolean {
  return text ? text.toLowerCase().includes(term) : false;
}

/**
 * Scores each table against the terms: a table name counts most, then column names, then
 * descriptions (the database's comments and dbt's). Tables matching nothing are left out.
 */
export function searchTables(tables: readonly SchemaTable[], terms: readonly string[]): SchemaMatch[] {
  const matches: SchemaMatch[] = [];
  for (const entry of tables) {
    const name = entry.table.name.toLowerCase();
    let score = 0;
    const columns = new Set<string>();
    for (const term of terms) {
      if (name === term) score += 10;
      else if (name.includes(term)) score += 5;
      if (contains(tableDescription(entry.table), term)) score += 1;
      for (const column of entry.table.columns) {
        if (column.name.toLowerCase().includes(term)) {
          score += 3;
          columns.add(column.name);
        } else if (contains(column.comment, term) || contains(column.dbtDescription, term)) {
          score += 1;
          columns.add(column.name);
        }
      }
    }
    if (score > 0) {
      const ordered = entry.table.columns
        .map((column) => column.name)
        .filter((column) => columns.has(column));
      matches.push({ entry, score, columns: ordered });
    }
  }
  return matches.sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name));
}

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

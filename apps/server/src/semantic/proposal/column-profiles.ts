import type { TableProfile } from '../../modules/quality/scan/profile-table.ts';

/*
 * What the proposer knows of a column's values, computed by the caller: how many distinct values
 * it has and its most frequent ones. Only the schema is needed to propose; profiles make text
 * columns with few values categorical dimensions, with those values as samples.
 */

export interface ColumnProfileEntry {
  schema: string;
  table: string;
  column: string;
  /** Distinct non-null values; null when not counted. */
  distinctCount: number | null;
  /** Most frequent values first. */
  topValues: string[];
}

export interface ColumnProfileFacts {
  distinctCount: number | null;
  topValues: readonly string[];
}

/** Profiles looked up by schema, table and column, as the proposer reads them. */
export class ColumnProfiles {
  // Nested maps rather than one joined key: names may hold any character, and joining long ones
  // for every lookup costs more than the lookup.
  private readonly bySchema = new Map<string, Map<string, Map<string, ColumnProfileFacts>>>();

  constructor(entries: readonly ColumnProfileEntry[] = []) {
    for (const entry of entries) {
      const tables = this.bySchema.get(entry.schema) ?? new Map<string, Map<string, ColumnProfileFacts>>();
      this.bySchema.set(entry.schema, tables);
      const columns = tables.get(entry.table) ?? new Map<string, ColumnProfileFacts>();
      tables.set(entry.table, columns);
      columns.set(entry.column, { distinctCount: entry.distinctCount, topValues: entry.topValues });
    }
  }

  of(schema: string, table: string, column: string): ColumnProfileFacts | null {
    return this.bySchema.get(schema)?.get(table)?.get(column) ?? null;
  }
}

/**
 * The profile entries of one table as the data-quality scan's profileTable() measured it: text
 * columns only (the scan counts distinct values of text, and lists the values of text with few
 * of them), values by count, most frequent first.
 */
export function profileEntriesOf(schema: string, table: string, profile: TableProfile): ColumnProfileEntry[] {
  if (profile.error !== null) return [];
  return profile.columns
    .filter((column) => column.family === 'text')
    .map((column) => ({
      schema,
      table,
      column: column.name,
      distinctCount: column.distinct,
      topValues: [...(column.values ?? [])]
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
        .map((entry) => entry.value),
    }));
}

import type { CheckDefinition, TableName } from '@querent/contracts';
import type { ColumnFamilies } from './check-sql.ts';
import { allPresent, invalidCondition, missingCondition } from './check-sql.ts';
import type { SqlWriter } from './sql-writer.ts';

/** How many failing rows a run keeps as evidence. */
export const SAMPLE_ROWS = 5;

/** The key columns shown beside the failing values, so a person can find each row. */
function shownColumns(keyColumns: readonly string[], checked: readonly string[]): string[] {
  const keys = keyColumns.filter((column) => !checked.includes(column)).slice(0, 3);
  return [...keys, ...checked];
}

/**
 * The statement that lists what a check found: every failing row (its key and the checked
 * values), the duplicated keys with how often each occurs, or the figure a volume or freshness
 * check judged. It is what an issue shows and opens in the editor; a run keeps its first rows.
 * Null for schema checks, which read the catalogue rather than the data.
 */
export function evidenceStatement(
  writer: SqlWriter,
  table: TableName,
  definition: CheckDefinition,
  keyColumns: readonly string[],
  families: ColumnFamilies,
): string | null {
  const target = writer.table(table);
  const cols = definition.columns;
  const list = (names: readonly string[], alias = 't') =>
    names.map((name) => `${alias}.${writer.name(name)}`).join(', ');
  switch (definition.kind) {
    case 'schema':
      return null;
    case 'volume':
      return `SELECT COUNT(*) AS row_count FROM ${target}`;
    case 'freshness':
      return `SELECT MAX(${writer.name(cols[0] ?? '')}) AS latest FROM ${target}`;
    case 'completeness':
      return `SELECT ${list(shownColumns(keyColumns, cols))} FROM ${target} t WHERE ${missingCondition(writer, cols, families, definition.params.blank_is_missing)}`;
    case 'uniqueness': {
      const names = cols.map((column) => writer.name(column)).join(', ');
      return `SELECT ${names}, COUNT(*) AS occurrences FROM ${target} t WHERE ${allPresent(writer, cols)} GROUP BY ${names} HAVING COUNT(*) > 1 ORDER BY COUNT(*) DESC`;
    }
    case 'integrity': {
      const { references } = definition.params;
      const parent = writer.table({ schema: references.schema, name: references.table });
      const on = cols
        .map(
          (column, index) => `r.${writer.name(references.columns[index] ?? '')} = t.${writer.name(column)}`,
        )
        .join(' AND ');
      return `SELECT ${list(shownColumns(keyColumns, cols))} FROM ${target} t LEFT JOIN ${parent} r ON ${on} WHERE ${allPresent(writer, cols)} AND r.${writer.name(references.columns[0] ?? '')} IS NULL`;
    }
    case 'validity':
      return `SELECT ${list(shownColumns(keyColumns, cols))} FROM ${target} t WHERE t.${writer.name(cols[0] ?? '')} IS NOT NULL AND (${invalidCondition(writer, definition)})`;
  }
}

/** Whether a check's evidence is a list of rows worth sampling, rather than one figure. */
export function listsRows(definition: CheckDefinition): boolean {
  return !['schema', 'volume', 'freshness'].includes(definition.kind);
}

/** The evidence statement cut to its first rows. */
export function sampleStatement(evidence: string): string {
  return `${evidence} LIMIT ${SAMPLE_ROWS}`;
}

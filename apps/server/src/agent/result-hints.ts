import { closestNames } from './matching/close-names.ts';
import type { SchemaTable } from './schema/schema-tables.ts';

/*
 * What the analyst is told beside a result that is probably not what it meant: an empty result
 * (a literal spelled otherwise than stored is the usual cause) and a name the database does not
 * know (the closest names of the schema, by edit distance).
 */

/** Quoted string literals of a statement, as written ('it''s' read back as it's). */
export function stringLiterals(sql: string): string[] {
  const found: string[] = [];
  for (const match of sql.matchAll(/'((?:[^']|'')*)'/g)) {
    const literal = (match[1] ?? '').replace(/''/g, "'");
    if (literal.trim() !== '' && !found.includes(literal)) found.push(literal);
  }
  return found;
}

function isNothing(cell: unknown): boolean {
  return cell === null || cell === undefined || cell === 0 || cell === '0';
}

/**
 * Filters that matched nothing show as no rows, or as one row of an aggregate over nothing (a
 * count of 0, a sum of NULL). Only a statement that filters can be "too strict".
 */
export function emptyResultHint(
  sql: string,
  rows: readonly (readonly unknown[])[],
  count: number | null,
): string | null {
  const filters = /\b(where|having|join)\b/i.test(sql);
  if (!filters) return null;
  const empty = count === 0 || (count === 1 && rows.length === 1 && (rows[0] ?? []).every(isNothing));
  if (!empty) return null;
  const literals = stringLiterals(sql).slice(0, 5);
  const causes = [
    literals.length > 0
      ? `a literal not spelled as stored (${literals.map((literal) => `'${literal}'`).join(', ')}: case, accents, abbreviations such as 'USA' for 'United States'); check each with column_values and its search`
      : 'a value not spelled as stored; check it with column_values and its search',
    'conditions joined with AND where the question meant OR',
    'a date range or format that the column does not use (look at its values)',
    'a join on the wrong key, or an inner join that drops rows',
  ];
  return `The result is empty. Before answering that nothing matches, rule out the likely causes: ${causes.map((cause, index) => `(${index + 1}) ${cause}`).join('; ')}.`;
}

type Unknown = { kind: 'table' | 'column'; name: string };

// How each engine names what it does not know: SQLite, PostgreSQL, MySQL/MariaDB, DuckDB, Snowflake, BigQuery.
const unknownPatterns: readonly [RegExp, Unknown['kind']][] = [
  [/no such table: ([\w.$"`[\]]+)/i, 'table'],
  [/no such column: ([\w.$"`[\]]+)/i, 'column'],
  [/relation "([^"]+)" does not exist/i, 'table'],
  [/column "?([\w.$]+)"? does not exist/i, 'column'],
  [/column ([\w.$]+) does not exist/i, 'column'],
  [/Table '([^']+)' doesn't exist/i, 'table'],
  [/Unknown column '([^']+)'/i, 'column'],
  [/Table with name ([\w.$"]+) does not exist/i, 'table'],
  [/Referenced column "?([^"\s]+)"? not found/i, 'column'],
  [/Object '([^']+)' does not exist/i, 'table'],
  [/invalid identifier '([^']+)'/i, 'column'],
  [/Not found: Table ([\w.:-]+)/i, 'table'],
  [/Unrecognized name: ([\w$]+)/i, 'column'],
];

export function unknownName(error: string): Unknown | null {
  for (const [pattern, kind] of unknownPatterns) {
    const name = pattern.exec(error)?.[1];
    if (name) {
      // "main.Invoices", "db.Invoices", "p:d.Invoices", "c.Countri": the last part is the name.
      const last =
        name
          .replace(/["`[\]]/g, '')
          .split(/[.:]/)
          .pop() ?? name;
      return { kind, name: last };
    }
  }
  return null;
}

function mentioned(sql: string, entry: SchemaTable): boolean {
  const escaped = entry.table.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w])${escaped}([^\\w]|$)`, 'i').test(sql);
}

/** Tables by their own names (without the schema), shown as SQL names them. */
export function closestTables(written: string, tables: readonly SchemaTable[], limit = 5): string[] {
  const byName = new Map<string, string[]>();
  for (const entry of tables)
    byName.set(entry.table.name, [...(byName.get(entry.table.name) ?? []), entry.name]);
  const bare =
    written
      .replace(/["`[\]]/g, '')
      .split('.')
      .pop() ?? written;
  return closestNames(bare, [...byName.keys()], limit)
    .flatMap((name) => byName.get(name) ?? [])
    .slice(0, limit);
}

/** For an unknown table or column, the closest names the schema has ("Did you mean: …"). */
export function unknownNameHint(error: string, sql: string, tables: readonly SchemaTable[]): string | null {
  const unknown = unknownName(error);
  if (unknown === null) return null;
  if (unknown.kind === 'table') {
    const close = closestTables(unknown.name, tables);
    return close.length > 0
      ? `There is no table ${unknown.name}. Closest tables: ${close.join(', ')}.`
      : `There is no table ${unknown.name}; find the right one with search_schema.`;
  }
  // Columns of the tables the statement names, else of every table; compared by their own names.
  const named = tables.filter((entry) => mentioned(sql, entry));
  const scope = named.length > 0 ? named : tables;
  const owners = new Map<string, string[]>();
  for (const entry of scope) {
    for (const column of entry.table.columns) {
      owners.set(column.name, [...(owners.get(column.name) ?? []), entry.name]);
    }
  }
  const close = closestNames(unknown.name, [...owners.keys()]).flatMap((column) =>
    scope.length === 1
      ? [column]
      : (owners.get(column) ?? []).slice(0, 3).map((table) => `${table}.${column}`),
  );
  return close.length > 0
    ? `There is no column ${unknown.name}. Closest columns: ${close.slice(0, 5).join(', ')}.`
    : `There is no column ${unknown.name}; check the table's columns with describe_table.`;
}

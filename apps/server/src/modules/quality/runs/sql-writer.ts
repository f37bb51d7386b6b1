import type { SqlDialect, TableName } from '@querent/contracts';
import { quoteIdentifier, quoteLiteral, sqlDialects } from '@querent/contracts';

/** Writes names, literals and functions in one dialect, for the checks' and profiles' SQL. */
export interface SqlWriter {
  readonly dialect: SqlDialect;
  /** A column or alias, quoted when some engine could read it another way. */
  name(identifier: string): string;
  /** A table, qualified unless its schema is one the dialect reaches without a prefix. */
  table(table: TableName): string;
  literal(value: string | number | boolean): string;
  textLength(expression: string): string;
}

export function sqlWriter(dialect: SqlDialect): SqlWriter {
  const descriptor = sqlDialects[dialect];
  const name = (identifier: string) => quoteIdentifier(identifier, descriptor, 'cautious');
  return {
    dialect,
    name,
    table: (table) =>
      table.schema === '' || descriptor.defaultSchemas.includes(table.schema)
        ? name(table.name)
        : `${name(table.schema)}.${name(table.name)}`,
    literal: (value) => {
      if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
      if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
      return quoteLiteral(value, descriptor);
    },
    textLength: (expression) => descriptor.textLength(expression),
  };
}

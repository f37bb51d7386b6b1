import type { JoinStep } from './plan-context.ts';
import type { QueryBuilder } from './query-builder.ts';
import type { Comparison, Filter } from './question.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Dialect } from './sql-dialect.ts';
import { tokenize } from './words.ts';

/*
 * A filter once resolved against the schema: the column (or the related table) it tests, the
 * joins that reach it from the table the query reads, and its SQL, written once the query knows
 * its aliases.
 */

export interface Condition {
  /** The table whose column it tests (the base table for EXISTS tests). */
  table: KnownTable;
  /** Forward joins from the base to `table`; empty when it is the base. */
  path: JoinStep[];
  /** The tested column; null for EXISTS tests. Two conditions on one column may combine. */
  column: string | null;
  /** Equality with listed values: several of these on one column read as "either". */
  positive: boolean;
  /** The WHERE part, through the query's aliases. */
  write(query: QueryBuilder): string;
  /** In words, for the answer ("status is 'cancelled'"). */
  described: string;
  /** Words of the question it accounts for. */
  explains: string[];
  /** Said in a follow-up: it replaces the earlier question's condition on the same column. */
  replaces: boolean;
}

export const opWords: Record<Comparison, string> = {
  '=': 'is',
  '!=': 'is not',
  '>': 'is over',
  '>=': 'is at least',
  '<': 'is under',
  '<=': 'is at most',
};

export const isNumber = (value: string): boolean => /^-?\d+(\.\d+)?$/.test(value);
export const isYear = (value: string): boolean => /^(1[89]|2[01])\d\d$/.test(value);
export const isMonth = (value: string): boolean => /^(1[89]|2[01])\d\d-(0[1-9]|1[0-2])$/.test(value);
export const isDate = (value: string): boolean => /^(1[89]|2[01])\d\d-\d\d-\d\d$/.test(value);

export function literal(dialect: Dialect, column: KnownColumn, value: string): string {
  return column.kind === 'number' && isNumber(value) ? value : dialect.text(value);
}

/** "'a' or 'b'", or a number as it is. */
export function saidValues(values: readonly string[]): string {
  return values.map((value) => (isNumber(value) ? value : `'${value}'`)).join(' or ');
}

/** `ref = v`, `ref IN (…)`, `ref <> v`, `ref NOT IN (…)`. */
export function equality(ref: string, literals: readonly string[], negate: boolean): string {
  if (literals.length === 1) return `${ref} ${negate ? '<>' : '='} ${literals[0] ?? ''}`;
  return `${ref} ${negate ? 'NOT IN' : 'IN'} (${literals.join(', ')})`;
}

/** The words a filter's values account for once they were found. */
export function valueWords(filter: Filter): string[] {
  return [
    ...(filter.column ?? []).map((token) => token.norm),
    ...filter.values.flatMap((value) => tokenize(value).map((token) => token.norm)),
    ...(filter.op === '!=' ? ['not', 'no'] : []),
    ...(filter.values.length > 1 ? ['or'] : []),
  ];
}

export function simpleCondition(
  input: Omit<Condition, 'write' | 'replaces' | 'positive'> & {
    write: (query: QueryBuilder) => string;
    filter: Filter;
    positive?: boolean;
  },
): Condition {
  const { filter, ...rest } = input;
  return { ...rest, positive: input.positive ?? false, replaces: filter.replaces };
}

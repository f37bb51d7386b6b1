import type { Condition } from './condition.ts';
import { equality, isYear, literal, opWords, saidValues, simpleCondition, valueWords } from './condition.ts';
import type { PlanContext, Reached } from './plan-context.ts';
import { CannotAnswer } from './plan-types.ts';
import type { Filter } from './question.ts';
import { GOOD_FIT, columnScore } from './resolve-names.ts';
import type { KnownColumn } from './schema-knowledge.ts';

/*
 * Conditions on a column the question names ("where total is over 20", "with a unit price
 * between 10 and 20"), found in the table the query reads or, failing that, in a table it reaches.
 */

export const saidColumn = (filter: Filter) => (filter.column ?? []).map((token) => token.raw).join(' ');

export function namedColumn(reach: readonly Reached[], filter: Filter): { at: Reached; column: KnownColumn } {
  const words = (filter.column ?? []).map((token) => token.norm);
  let best: { at: Reached; column: KnownColumn; score: number } | null = null;
  for (const at of reach) {
    for (const column of at.table.columns) {
      const score = columnScore(words, at.table, column) - at.path.length * 2;
      if (score >= GOOD_FIT - at.path.length * 2 && (!best || score > best.score))
        best = { at, column, score };
    }
  }
  if (!best)
    throw new CannotAnswer(
      `I could not find a column "${saidColumn(filter)}" in ${reach[0]?.table.name ?? 'the table'}.`,
    );
  return best;
}

/** A named column compared with a number, a year or a range: no lookup needed. */
export function comparison(
  context: PlanContext,
  at: Reached,
  column: KnownColumn,
  filter: Filter,
): Condition {
  const { dialect } = context;
  const [first = '', second = ''] = filter.values;
  const base = { table: at.table, path: at.path, column: column.name, explains: valueWords(filter), filter };
  const year = column.dateLike && filter.values.every(isYear);
  const ref = (query: Parameters<Condition['write']>[0]) =>
    year ? dialect.year(query.column(at.table, column.name)) : query.column(at.table, column.name);
  const value = (text: string) => (year ? text : literal(dialect, column, text));
  const named = year ? `the year of ${column.name}` : column.name;
  if (filter.op === 'between') {
    return simpleCondition({
      ...base,
      write: (query) => `${ref(query)} BETWEEN ${value(first)} AND ${value(second)}`,
      described: `${named} is between ${first} and ${second}`,
    });
  }
  const op = filter.op === 'missing' || filter.op === 'present' ? '=' : filter.op;
  if (op === '=' || op === '!=') {
    return simpleCondition({
      ...base,
      positive: op === '=',
      write: (query) => equality(ref(query), filter.values.map(value), op === '!='),
      described: `${named} ${opWords[op]} ${saidValues(filter.values)}`,
    });
  }
  return simpleCondition({
    ...base,
    write: (query) => `${ref(query)} ${op} ${value(first)}`,
    described: `${named} ${opWords[op]} ${first}`,
  });
}

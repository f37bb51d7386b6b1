import type { SemanticFilter } from '@querent/contracts';
import { SemanticQueryError } from './semantic-query-error.ts';
import type { SqlWriter } from './sql-writer.ts';

/*
 * A structured filter as an SQL condition on an expression, its values written as literals of the
 * dialect. Each operator takes a fixed number of values, checked here so that a wrong filter is
 * an error on its field rather than SQL the engine refuses.
 */

const valueCounts: Record<SemanticFilter['operator'], { min: number; max: number; words: string }> = {
  '=': { min: 1, max: 1, words: 'one value' },
  '!=': { min: 1, max: 1, words: 'one value' },
  '>': { min: 1, max: 1, words: 'one value' },
  '>=': { min: 1, max: 1, words: 'one value' },
  '<': { min: 1, max: 1, words: 'one value' },
  '<=': { min: 1, max: 1, words: 'one value' },
  in: { min: 1, max: Number.POSITIVE_INFINITY, words: 'one or more values' },
  not_in: { min: 1, max: Number.POSITIVE_INFINITY, words: 'one or more values' },
  between: { min: 2, max: 2, words: 'two values' },
  is_null: { min: 0, max: 0, words: 'no value' },
  is_not_null: { min: 0, max: 0, words: 'no value' },
};

export function filterCondition(
  expression: string,
  filter: SemanticFilter,
  writer: SqlWriter,
  field: string,
): string {
  const expected = valueCounts[filter.operator];
  const count = filter.values.length;
  if (count < expected.min || count > expected.max) {
    throw new SemanticQueryError(
      'invalid_filter',
      `${field}.values`,
      `The operator ${filter.operator} takes ${expected.words}, not ${count}`,
    );
  }
  const values = filter.values.map((value, index) => writer.literal(value, `${field}.values[${index}]`));
  switch (filter.operator) {
    case 'in':
      return `${expression} IN (${values.join(', ')})`;
    case 'not_in':
      return `${expression} NOT IN (${values.join(', ')})`;
    case 'between':
      return `${expression} BETWEEN ${values[0]} AND ${values[1]}`;
    case 'is_null':
      return `${expression} IS NULL`;
    case 'is_not_null':
      return `${expression} IS NOT NULL`;
    case '!=':
      return `${expression} <> ${values[0]}`;
    default:
      return `${expression} ${filter.operator} ${values[0]}`;
  }
}

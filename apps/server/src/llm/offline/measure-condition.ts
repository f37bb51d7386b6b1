import type { Condition } from './condition.ts';
import { opWords, simpleCondition } from './condition.ts';
import type { PlanContext } from './plan-context.ts';
import { CannotAnswer } from './plan-types.ts';
import type { Comparison, Filter } from './question.ts';
import { hintScore } from './resolve-names.ts';
import type { KnownTable } from './schema-knowledge.ts';
import { hintVocabulary } from './parse-measure.ts';
import { factor } from './units.ts';

/**
 * "longer than 5 minutes", "cheaper than 1": a comparison with the column the adjective points to,
 * in the column's own unit.
 */
export function measureCondition(_context: PlanContext, table: KnownTable, filter: Filter): Condition {
  const hint = filter.hint;
  const column =
    hint === null ? null : [...table.columns].sort((a, b) => hintScore(hint, b) - hintScore(hint, a))[0];
  if (!column || hint === null || hintScore(hint, column) === 0) {
    throw new CannotAnswer(
      `I could not tell which column of ${table.name} to compare with ${filter.values.join(' ')}.`,
    );
  }
  const value = Number(filter.values[0] ?? Number.NaN);
  let converted = value;
  if (filter.unit !== null) {
    const times = factor(column, filter.unit);
    if (times === null)
      throw new CannotAnswer(
        `I could not tell what unit ${column.name} is in, to compare it with ${value} ${filter.unit}s.`,
      );
    converted = value * times;
  }
  const op = filter.op as Comparison;
  const shown = String(Math.round(converted * 1e6) / 1e6);
  return simpleCondition({
    table,
    path: [],
    column: column.name,
    explains: [...hintVocabulary[hint], ...(filter.unit === null ? [] : [filter.unit])],
    filter,
    write: (query) => `${query.column(table, column.name)} ${op} ${shown}`,
    described: `${column.name} ${opWords[op]} ${shown}${filter.unit === null ? '' : ` (${value} ${filter.unit}s)`}`,
  });
}

import { hintVocabulary } from './parse-measure.ts';
import type { PlanContext } from './plan-context.ts';
import type { MeasureChoice } from './measure-candidates.ts';
import type { QueryPlan } from './plan-types.ts';
import { queryOver } from './query-builder.ts';
import type { Direction, Filter, Measure } from './question.ts';
import { resolveFilters } from './resolve-filters.ts';
import { keepFirstTies, rankColumn } from './first-ties.ts';
import { labelColumns } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';

/** What names a ranked row in the answer: its label, or its key when the label is what ranks it. */
function rankedLabels(table: KnownTable, ranked: KnownColumn): string[] {
  const labels = labelColumns(table).filter((column) => column.name !== ranked.name);
  return labels.length > 0 ? labels.map((column) => column.name) : table.primaryKey;
}

/** Rows of one table ranked by one of its columns ("the 3 cheapest products"). */
export function planRanked(
  context: PlanContext,
  table: KnownTable,
  choice: MeasureChoice,
  spec: {
    filters: Filter[];
    limit: number;
    direction: Direction;
    /** One row was asked for by "which": every row tied for first is the answer. */
    ties?: boolean;
    named?: readonly string[];
    hint?: Measure['hint'];
  },
): QueryPlan {
  const resolved = resolveFilters(context, table, spec.filters, { named: spec.named ?? [] });
  const query = queryOver(context.dialect, table, resolved.paths);
  const where = resolved.conditions.map((condition) => condition.write(query));
  const ref = query.column(table, choice.column.name);
  const direction = spec.direction === 'asc' ? 'ASC' : 'DESC';
  // PostgreSQL sorts NULLs first when descending; they are no one's top.
  const present = [...where, `${ref} IS NOT NULL`];
  const labels = rankedLabels(table, choice.column);
  const sql =
    spec.ties === true && spec.limit === 1
      ? keepFirstTies(
          context.dialect,
          query.sql({ select: [query.star(), rankColumn(context.dialect, ref, direction)], where: present }),
          table.columns.map((column) => column.name),
          labels.map((label) => context.dialect.id(label)),
        )
      : query.sql({
          select: [query.star()],
          where: present,
          orderBy: [`${ref} ${direction}`],
          limit: spec.limit,
        });
  const vocabulary = query.vocabulary();
  for (const word of resolved.explains) vocabulary.add(word);
  if (choice.hinted && spec.hint) for (const word of hintVocabulary[spec.hint]) vocabulary.add(word);
  return {
    sql,
    title: `${table.name} by ${choice.column.name}`,
    filters: resolved.conditions.map((condition) => condition.described),
    notes: context.notes,
    vocabulary,
    answer: {
      kind: 'ranked',
      subject: table.name,
      column: choice.column.name,
      labels,
      dated: choice.column.dateLike,
      direction: spec.direction,
      limit: spec.limit,
    },
  };
}

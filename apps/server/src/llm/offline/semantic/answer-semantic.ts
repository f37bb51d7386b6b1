import { numberKindOf } from '@querent/contracts';
import { columnIndex, formatValue, OFFLINE_FOOTER, type QueryResult } from '../answer-text.ts';
import { periodLabel } from './period-label.ts';
import type { Figure, SemanticReading } from './reading.ts';

/*
 * The offline analyst's answer from the semantic model: what the figure stands on first (a
 * certified metric, a metric not yet certified, or a measure of the model aggregated for the
 * question), then the figure, the SQL the model compiled to and the result table.
 */

function standsOn(figure: Figure): string {
  if (figure.kind === 'measure') {
    return `From the measure **${figure.measure.label}** (\`${figure.measure.key}\`) of the semantic model, aggregated as ${figure.aggregation}: no metric defines this figure.`;
  }
  const { metric } = figure;
  if (metric.certified) {
    const day = metric.certified.at.slice(0, 10);
    return `From the certified metric **${metric.label}** (\`${metric.name}\`, certified by ${metric.certified.by} on ${day}).`;
  }
  return `From the metric **${metric.label}** (\`${metric.name}\`) of the semantic model, not yet certified.`;
}

const where = (described: readonly string[]) =>
  described.length === 0 ? '' : ` where ${described.join(' and ')}`;

/** A group's words: its cells but the figure and the columns that only identify it (a key), unless that is all. */
function labelOf(
  result: QueryResult,
  row: readonly unknown[] | undefined,
  value: number,
  hidden: readonly string[],
): string {
  if (!row) return '';
  const cells = result.columns
    .map((column, index) => ({ column, cell: row[index] }))
    .filter((_, index) => index !== value);
  const naming = cells.filter(({ column }) => !hidden.includes(column));
  return (naming.length > 0 ? naming : cells)
    .map(
      ({ column, cell }) =>
        periodLabel(column, cell) ??
        (typeof cell === 'string' ? cell : formatValue(cell, numberKindOf({ name: column }))),
    )
    .join(' ');
}

function lead(reading: SemanticReading, result: QueryResult): string {
  const value = columnIndex(result.columns, reading.value);
  const first = result.rows[0];
  const figure = (row: readonly unknown[] | undefined) => `**${formatValue(row?.[value])}**`;
  const filters = where(reading.described);
  const { answer } = reading;
  switch (answer.kind) {
    case 'total':
      return `The ${answer.what.toLowerCase()}${filters} is ${figure(first)}.`;
    case 'grouped': {
      if (!first) return `No rows for the ${answer.what.toLowerCase()} by ${answer.by}${filters}.`;
      const groups = result.rowCount ?? result.rows.length;
      // Ordered by the figure, largest first.
      return `The ${answer.what.toLowerCase()} by ${answer.by}${filters} (${formatValue(groups)} groups): **${labelOf(result, first, value, answer.hidden)}** is highest with ${figure(first)}.`;
    }
    case 'ranked': {
      if (!first) return `No rows for the ${answer.what.toLowerCase()} by ${answer.by}${filters}.`;
      const most = answer.direction === 'asc' ? 'lowest' : 'highest';
      if (answer.limit === 1 && result.rows.length > 1) {
        // Tied for first: every one of them is the answer.
        const more = (result.rowCount ?? result.rows.length) - result.rows.length;
        const tied = [
          ...result.rows.map((row) => `**${labelOf(result, row, value, answer.hidden)}**`),
          ...(more > 0 ? [`${formatValue(more)} more`] : []),
        ];
        return `${tied.slice(0, -1).join(', ')} and ${tied.at(-1) ?? ''} tie for the ${most} ${answer.what.toLowerCase()}${filters}, with ${figure(first)} each (by ${answer.by}).`;
      }
      if (answer.limit === 1)
        return `**${labelOf(result, first, value, answer.hidden)}** has the ${most} ${answer.what.toLowerCase()}${filters}, with ${figure(first)} (by ${answer.by}).`;
      const edge = answer.direction === 'asc' ? 'Bottom' : 'Top';
      return `${edge} ${Math.min(answer.limit, result.rows.length)} by ${answer.what.toLowerCase()}${filters} (by ${answer.by}): **${labelOf(result, first, value, answer.hidden)}** comes first with ${figure(first)}.`;
    }
  }
}

export function answerSemantic(reading: SemanticReading, result: QueryResult, sql: string): string {
  return [
    standsOn(reading.figure),
    lead(reading, result),
    ['```sql', sql, '```'].join('\n'),
    result.embed,
    OFFLINE_FOOTER,
  ]
    .filter((part): part is string => part !== null && part !== '')
    .join('\n\n');
}

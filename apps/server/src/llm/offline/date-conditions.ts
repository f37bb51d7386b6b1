import type { Condition } from './condition.ts';
import { isDate, isMonth, isYear, simpleCondition, valueWords } from './condition.ts';
import type { PlanContext, Reached } from './plan-context.ts';
import { sameTable } from './plan-context.ts';
import type { Filter } from './question.ts';
import { hintScore } from './resolve-names.ts';
import type { KnownColumn } from './schema-knowledge.ts';

/*
 * Periods: "in 2023", "in 2022 or 2023", "in March 2024", "between 2022 and 2023", "between
 * 2024-01-01 and 2024-03-31". They test the date of the table the query reads or, when it has
 * none, the nearest table it reaches that has one (an order line's order date).
 */

/** The filter is a period: years, months or dates. */
export function isPeriod(filter: Filter): boolean {
  return (
    filter.values.length > 0 &&
    filter.values.every((value) => isYear(value) || isMonth(value) || isDate(value)) &&
    (filter.form === 'loose' || filter.form === 'bare')
  );
}

function bestDate(
  reach: readonly Reached[],
  named: readonly string[],
): { at: Reached; column: KnownColumn } | null {
  const dated = reach
    .map((at) => {
      const columns = at.table.columns.filter((column) => column.dateLike);
      const column = columns.sort((a, b) => hintScore('date', b) - hintScore('date', a))[0];
      return column ? { at, column } : null;
    })
    .filter((entry): entry is { at: Reached; column: KnownColumn } => entry !== null);
  const isNamed = (entry: { at: Reached }) => named.some((name) => sameTable(name, entry.at.table.name));
  return dated.find(isNamed) ?? dated[0] ?? null;
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function periodCondition(
  context: PlanContext,
  reach: readonly Reached[],
  filter: Filter,
  named: readonly string[],
  preferred: KnownColumn | null = null,
): Condition | null {
  const base = reach[0];
  const found = preferred && base ? { at: base, column: preferred } : bestDate(reach, named);
  if (!found) return null;
  const { at, column } = found;
  const { dialect } = context;
  const { values } = filter;
  const negate = filter.op === '!=';
  const tested = {
    table: at.table,
    path: at.path,
    column: column.name,
    explains: valueWords(filter),
    filter,
  };
  if (filter.op === 'between') {
    const [low = '', high = ''] = values;
    if (isYear(low) && isYear(high)) {
      return simpleCondition({
        ...tested,
        write: (query) => `${dialect.year(query.column(at.table, column.name))} BETWEEN ${low} AND ${high}`,
        described: `the year of ${column.name} is from ${low} to ${high}`,
      });
    }
    const start = isMonth(low) ? `${low}-01` : low;
    const end = isMonth(high) ? `${high}-31` : high;
    return simpleCondition({
      ...tested,
      write: (query) => {
        const ref = query.column(at.table, column.name);
        return `${ref} >= ${dialect.text(start)} AND ${ref} < ${dialect.text(nextDay(end))}`;
      },
      described: `${column.name} is from ${start} to ${end}`,
    });
  }
  const years = values.filter(isYear);
  const months = values.filter(isMonth);
  const days = values.filter(isDate);
  const parts: ((ref: string) => string)[] = [];
  if (years.length > 0)
    parts.push(
      (ref) =>
        `${dialect.year(ref)} ${years.length === 1 ? `${negate ? '<>' : '='} ${years[0] ?? ''}` : `${negate ? 'NOT IN' : 'IN'} (${years.join(', ')})`}`,
    );
  if (months.length > 0) {
    const listed = months.map((month) => dialect.text(month));
    parts.push(
      (ref) =>
        `${dialect.month(ref)} ${listed.length === 1 ? `${negate ? '<>' : '='} ${listed[0] ?? ''}` : `${negate ? 'NOT IN' : 'IN'} (${listed.join(', ')})`}`,
    );
  }
  for (const day of days) {
    parts.push(
      (ref) =>
        `${negate ? 'NOT ' : ''}(${ref} >= ${dialect.text(day)} AND ${ref} < ${dialect.text(nextDay(day))})`,
    );
  }
  const unit =
    years.length > 0 && months.length === 0 && days.length === 0 ? `the year of ${column.name}` : column.name;
  return simpleCondition({
    ...tested,
    write: (query) => {
      const ref = query.column(at.table, column.name);
      const written = parts.map((part) => part(ref));
      return written.length === 1 ? (written[0] ?? '') : `(${written.join(negate ? ' AND ' : ' OR ')})`;
    },
    described: `${unit} ${negate ? 'is not' : 'is'} ${values.join(' or ')}`,
  });
}

import { MONTH_NAMES } from '../../../text/month-names.ts';

/*
 * A period as people say it: a time dimension grouped by a grain comes back as the period's first
 * day ('2021-12-01' for December 2021), which the result table keeps, and the answer's words say
 * "December 2021", "Q4 2021" or "2021" instead. The grain is read from the column's name, which
 * the compiler writes as `<dimension>__<grain>`.
 */

/** The cell as its period's words, or null when the column is no period or the cell no date. */
export function periodLabel(column: string, cell: unknown): string | null {
  const grain = /__(day|week|month|quarter|year)$/.exec(column)?.[1];
  if (grain === undefined) return null;
  const text = cell instanceof Date ? cell.toISOString() : typeof cell === 'string' ? cell : null;
  const day = text === null ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!day) return null;
  const [iso, year, month] = day;
  const monthIndex = Number(month) - 1;
  switch (grain) {
    case 'year':
      return year ?? null;
    case 'quarter':
      return `Q${Math.floor(monthIndex / 3) + 1} ${year}`;
    case 'month':
      return `${MONTH_NAMES[monthIndex] ?? month} ${year}`;
    case 'week':
      return `the week of ${iso}`;
    default:
      return iso;
  }
}

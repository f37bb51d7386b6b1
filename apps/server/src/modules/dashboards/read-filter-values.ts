import type { DashboardDataQuery, DashboardFilter, FilterValue } from '@querent/contracts';
import { filterParamKey, filterValueIsSet, parseFilterValue } from '@querent/contracts';
import { AppError } from '../../errors.ts';

/**
 * The values chosen for a dashboard's filters, from `f.<name>` in the query: each read by its
 * filter's kind (400 naming `f.<name>` when it is not one, or when the dashboard has no such
 * filter). Filters left empty are left out: their tiles stay whole.
 */
export function readFilterValues(
  filters: readonly DashboardFilter[],
  query: DashboardDataQuery | undefined,
): Map<string, FilterValue> {
  const chosen = new Map<string, FilterValue>();
  const known = new Map(filters.map((filter) => [filterParamKey(filter.name), filter]));
  for (const [key, given] of Object.entries(query ?? {})) {
    const filter = known.get(key);
    if (filter === undefined) {
      const message = key.startsWith('f.')
        ? `This dashboard has no filter ${key.slice(2)}`
        : 'Filter values are given as f.<name>';
      throw new AppError('BAD_REQUEST', message, { field: key });
    }
    const value = parseFilterValue(filter.kind, typeof given === 'string' ? [given] : given);
    if (typeof value === 'string') throw new AppError('BAD_REQUEST', value, { field: key });
    if (filterValueIsSet(value)) chosen.set(filter.name, value);
  }
  return chosen;
}

/** What one tile follows: for each filter bound to it with a value, the column or dimension and the value. */
export function filtersOfTile(
  filters: readonly DashboardFilter[],
  values: ReadonlyMap<string, FilterValue>,
  tileId: string,
): { column?: string; dimension?: string; value: FilterValue }[] {
  return filters.flatMap((filter) => {
    const value = values.get(filter.name);
    const binding = filter.bindings.find((candidate) => candidate.tileId === tileId);
    if (value === undefined || binding === undefined) return [];
    return [{ ...binding, value }];
  });
}

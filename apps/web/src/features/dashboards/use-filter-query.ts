import type { DashboardDataQuery, DashboardFilter } from '@querent/contracts';
import { filterParamKey } from '@querent/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The dashboard's filter values, kept in the page's address as `?f.<name>=…` (repeated for
 * several category values), so a filtered view can be linked and survives a reload. Answers the
 * values as GET /api/dashboards/{id}/data takes them, and a setter for one filter's values.
 */
export function useFilterQuery(filters: readonly DashboardFilter[]) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const chosen: DashboardDataQuery = {};
    for (const filter of filters) {
      const values = params.getAll(filterParamKey(filter.name)).filter((value) => value !== '');
      if (values.length === 1 && filter.kind !== 'category')
        chosen[filterParamKey(filter.name)] = values[0] ?? '';
      else if (values.length > 0) chosen[filterParamKey(filter.name)] = values;
    }
    return chosen;
  }, [filters, params]);
  const setValues = useCallback(
    (name: string, values: readonly string[]) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(filterParamKey(name));
          for (const value of values) if (value !== '') next.append(filterParamKey(name), value);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { query, setValues };
}

/** One filter's values in `query`, as a list. */
export function valuesOf(query: DashboardDataQuery, name: string): string[] {
  const given = query[filterParamKey(name)];
  if (given === undefined) return [];
  return typeof given === 'string' ? [given] : given;
}

import type { DashboardFilter, TileData } from '@querent/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../components/page.tsx';
import { DashboardGrid } from '../features/dashboards/dashboard-grid.tsx';
import { FilterBar } from '../features/dashboards/filter-bar.tsx';
import { useDashboardsApi } from '../features/dashboards/use-dashboards-api.ts';
import { useFilterQuery } from '../features/dashboards/use-filter-query.ts';
import { errorMessage } from '../lib/api-error.ts';

const noFilters: DashboardFilter[] = [];
const nothing = () => undefined;

/**
 * /public/dashboards/:token: a dashboard shown through its public link, to anyone who has it and
 * without signing in: read-only (nothing to arrange, share or add), its tiles run as the link's
 * creator, its filters kept in the address like the signed-in page's.
 */
export function PublicDashboardPage() {
  const { token = '' } = useParams();
  const dashboardsApi = useDashboardsApi();
  const dashboard = useQuery({
    queryKey: ['public-dashboard', token],
    queryFn: () => dashboardsApi.publicDashboard(token),
    retry: false,
  });
  const { query, setValues } = useFilterQuery(dashboard.data?.filters ?? noFilters);
  const data = useQuery({
    queryKey: ['public-dashboard-data', token, query],
    enabled: dashboard.isSuccess,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const answered = await dashboardsApi.publicData(token, query, signal);
      return new Map<string, TileData>(answered.tiles.map((tile) => [tile.tileId, tile]));
    },
  });

  if (dashboard.isPending)
    return (
      <p role="status" className="p-6">
        Loading…
      </p>
    );
  if (dashboard.isError)
    return (
      <div className="flex flex-col gap-3 p-6">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p role="alert">{errorMessage(dashboard.error)}</p>
      </div>
    );
  const current = dashboard.data;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{current.name}</h1>
        {current.description ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{current.description}</p>
        ) : null}
        <p className="text-xs text-zinc-500">Shared through a public link, read-only</p>
      </header>
      <FilterBar
        source={{
          key: (name) => ['public-dashboard', token, 'filter-values', name],
          load: (name) => dashboardsApi.publicFilterValues(token, name),
        }}
        filters={current.filters}
        query={query}
        setValues={setValues}
      />
      {data.isError ? <p role="alert">{errorMessage(data.error)}</p> : null}
      {current.tiles.length === 0 ? (
        <EmptyState>This dashboard has no tile yet.</EmptyState>
      ) : (
        <DashboardGrid
          tiles={current.tiles}
          data={data.data ?? new Map()}
          editable={false}
          busy={false}
          onArrange={nothing}
          onLayout={nothing}
          onRemove={nothing}
        />
      )}
    </div>
  );
}

import { useDashboardsApi } from './use-dashboards-api.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import type { Dashboard, DashboardDataQuery, TileData } from '@querent/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import type { Placed } from './tile-layout.ts';

export function useDashboard(id: string) {
  const dashboardsApi = useDashboardsApi();
  return useQuery({ queryKey: dashboardKeys.dashboard(id), queryFn: () => dashboardsApi.get(id) });
}

/**
 * Every data tile's result, run when the page opens (and on Refresh, or when a filter changes),
 * by tile id; `filters` are the `f.<name>` values chosen. Null `filters` waits (the dashboard,
 * which names its filters, is not loaded yet).
 */
export function useDashboardData(id: string, filters: DashboardDataQuery | null = {}) {
  const dashboardsApi = useDashboardsApi();
  return useQuery({
    queryKey: [...dashboardKeys.data(id), filters ?? {}],
    enabled: filters !== null,
    // The tiles stay while a new filter value runs, rather than blinking empty.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const data = await dashboardsApi.data(id, filters ?? {}, signal);
      return new Map<string, TileData>(data.tiles.map((tile) => [tile.tileId, tile]));
    },
    // Each view runs every tile: not again because the window got the focus back.
    refetchOnWindowFocus: false,
  });
}

/**
 * Saves a new arrangement at the version it was made from. The grid shows it at once; a refusal
 * puts the stored one back, and a 409 (someone changed the dashboard meanwhile) reloads it.
 */
export function useArrangeDashboard(dashboard: Dashboard | undefined) {
  const dashboardsApi = useDashboardsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layout: Placed[]) => {
      if (!dashboard) throw new Error('The dashboard is not loaded yet');
      return dashboardsApi.update(dashboard.id, {
        version: dashboard.version,
        layout: layout.map(({ id, x, y, w, h }) => ({ tileId: id, x, y, w, h })),
      });
    },
    onMutate: (layout) => {
      if (!dashboard) return;
      const placed = new Map(layout.map((tile) => [tile.id, tile]));
      queryClient.setQueryData<Dashboard>(dashboardKeys.dashboard(dashboard.id), {
        ...dashboard,
        tiles: dashboard.tiles.map((tile) => {
          const place = placed.get(tile.id);
          return place ? { ...tile, layout: { x: place.x, y: place.y, w: place.w, h: place.h } } : tile;
        }),
      });
    },
    onSuccess: (saved) => queryClient.setQueryData(dashboardKeys.dashboard(saved.id), saved),
    onError: (error) => {
      if (!dashboard) return;
      const stale = error instanceof ApiError && error.status === 409;
      if (stale) void queryClient.invalidateQueries({ queryKey: dashboardKeys.dashboard(dashboard.id) });
      else queryClient.setQueryData(dashboardKeys.dashboard(dashboard.id), dashboard);
      notify({
        group: 'dashboards',
        type: 'error',
        title: stale ? 'Someone changed this dashboard meanwhile' : 'Could not save the arrangement',
        text: stale ? 'It was reloaded as it is now: arrange it again.' : errorMessage(error),
      });
    },
  });
}

/** After a tile came or went: the dashboard answered by the server, and its data run again. */
export function useTileChange<Input>(dashboardId: string, change: (input: Input) => Promise<Dashboard>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (saved) => {
      queryClient.setQueryData(dashboardKeys.dashboard(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.data(dashboardId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
    },
    onError: (error) =>
      notify({
        group: 'dashboards',
        type: 'error',
        title: 'Could not change the dashboard',
        text: errorMessage(error),
      }),
  });
}

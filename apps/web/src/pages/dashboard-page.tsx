import { useDashboardsApi } from '../features/dashboards/use-dashboards-api.ts';
import { dashboardKeys } from '../features/dashboards/dashboard-keys.ts';
import type { DashboardFilter } from '@querent/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { secondaryButtonClass } from '../components/form-field.tsx';
import { EmptyState, linkClass } from '../components/page.tsx';
import { AddFilterPanel } from '../features/dashboards/add-filter-panel.tsx';
import { AddTilePanel } from '../features/dashboards/add-tile-panel.tsx';
import { FilterBar } from '../features/dashboards/filter-bar.tsx';
import { PublicLinksPanel } from '../features/dashboards/public-links-panel.tsx';
import { DashboardGrid } from '../features/dashboards/dashboard-grid.tsx';
import { arrange, type ArrangeAction, sameLayout } from '../features/dashboards/tile-layout.ts';
import {
  useArrangeDashboard,
  useDashboard,
  useDashboardData,
  useTileChange,
} from '../features/dashboards/use-dashboard.ts';
import { useFilterQuery } from '../features/dashboards/use-filter-query.ts';
import { ShareToggle } from '../features/sharing/share-toggle.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { notify } from '../stores/notifications-store.ts';

/** Makes the dashboard public (readable by everyone) or not: its owner's choice (`abilities.publish`). */
function PublicToggle({ id, version, isPublic }: { id: string; version: number; isPublic: boolean }) {
  const dashboardsApi = useDashboardsApi();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (next: boolean) => dashboardsApi.update(id, { version, public: next }),
    onSuccess: (saved) => {
      queryClient.setQueryData(dashboardKeys.dashboard(id), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.dashboard(id) });
      notify({
        group: 'dashboards',
        type: 'error',
        title: 'Could not change who sees it',
        text: errorMessage(error),
      });
    },
  });
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      aria-pressed={isPublic}
      disabled={change.isPending}
      onClick={() => change.mutate(!isPublic)}
      title={
        isPublic ? 'Everyone can see it; each tile shows data only to who may read its database' : undefined
      }
    >
      <Globe size={14} aria-hidden="true" className={isPublic ? 'text-sky-600' : undefined} />
      {isPublic ? 'Public' : 'Make public'}
    </button>
  );
}

const noFilters: DashboardFilter[] = [];

/**
 * /dashboards/:id: the filters and the tiles on their grid, each run for the viewer with the
 * filter values of the address (`?f.<name>=…`); arranged and filtered by its owner.
 */

/** Opens and closes one of the owner's panels under the header, its button saying which. */
function PanelToggle({
  open,
  onToggle,
  label,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      aria-expanded={open}
      onClick={() => onToggle(!open)}
    >
      {open ? 'Close' : label}
    </button>
  );
}

export function DashboardPage() {
  const { id = '' } = useParams();
  const dashboardsApi = useDashboardsApi();
  const dashboard = useDashboard(id);
  const { query, setValues } = useFilterQuery(dashboard.data?.filters ?? noFilters);
  const data = useDashboardData(id, dashboard.data ? query : null);
  const arrangeMutation = useArrangeDashboard(dashboard.data);
  const remove = useTileChange(id, (tileId: string) => dashboardsApi.removeTile(id, tileId));
  // Filters change with the version they were made from, like the layout; a stale one is a 409.
  const changeFilters = useTileChange(id, (filters: DashboardFilter[]) =>
    dashboardsApi.update(id, { version: dashboard.data?.version ?? 0, filters }),
  );
  const [adding, setAdding] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [linking, setLinking] = useState(false);

  if (dashboard.isPending)
    return (
      <p role="status" className="p-6">
        Loading…
      </p>
    );
  if (dashboard.isError) {
    return (
      <div className="flex flex-col gap-3 p-6">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p role="alert">{errorMessage(dashboard.error)}</p>
        <Link to="/dashboards" className={linkClass}>
          All dashboards
        </Link>
      </div>
    );
  }
  const current = dashboard.data;
  const editable = current.abilities.edit;
  const layout = current.tiles.map((tile) => ({ id: tile.id, ...tile.layout }));
  const onArrange = (tileId: string, action: ArrangeAction) => {
    const next = arrange(layout, tileId, action);
    if (!sameLayout(layout, next)) arrangeMutation.mutate(next);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{current.name}</h1>
          {current.description ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{current.description}</p>
          ) : null}
          {editable ? null : (
            <p className="text-xs text-zinc-500">By {current.ownerName ?? 'someone else'}, read-only</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={data.isFetching}
            onClick={() => void data.refetch()}
          >
            <RefreshCw size={14} aria-hidden="true" />
            {data.isFetching ? 'Running…' : 'Refresh'}
          </button>
          <ShareToggle
            kind="dashboard"
            id={current.id}
            shared={current.shared}
            canShare={current.abilities.share}
            refresh={[dashboardKeys.dashboard(current.id), dashboardKeys.list]}
          />
          {current.abilities.publish ? (
            <PublicToggle id={current.id} version={current.version} isPublic={current.public} />
          ) : null}
          {current.abilities.publish ? (
            <PanelToggle open={linking} onToggle={setLinking} label="Public links" />
          ) : null}
          {editable ? <PanelToggle open={filtering} onToggle={setFiltering} label="Add a filter" /> : null}
          {editable ? <PanelToggle open={adding} onToggle={setAdding} label="Add a tile" /> : null}
        </div>
      </header>
      {linking && current.abilities.publish ? <PublicLinksPanel dashboardId={current.id} /> : null}
      {adding && editable ? <AddTilePanel dashboardId={current.id} /> : null}
      {filtering && editable ? (
        <AddFilterPanel
          tiles={current.tiles}
          data={data.data ?? new Map()}
          taken={current.filters.map((filter) => filter.name)}
          busy={changeFilters.isPending}
          onAdd={(filter) =>
            changeFilters.mutate([...current.filters, filter], { onSuccess: () => setFiltering(false) })
          }
        />
      ) : null}
      <FilterBar
        source={{
          key: (name) => [...dashboardKeys.dashboard(current.id), 'filter-values', name],
          load: (name) => dashboardsApi.filterValues(current.id, name),
        }}
        filters={current.filters}
        query={query}
        setValues={setValues}
        onRemove={
          editable
            ? (name) => {
                setValues(name, []);
                changeFilters.mutate(current.filters.filter((filter) => filter.name !== name));
              }
            : undefined
        }
      />
      {data.isError ? <p role="alert">{errorMessage(data.error)}</p> : null}
      {current.tiles.length === 0 ? (
        <EmptyState>
          No tile yet. Pin an answer from a chat (“Pin to dashboard” under it), or add a saved query or a note
          here.
        </EmptyState>
      ) : (
        <DashboardGrid
          tiles={current.tiles}
          data={data.data ?? new Map()}
          editable={editable}
          busy={arrangeMutation.isPending || remove.isPending}
          onArrange={onArrange}
          onLayout={(next) => arrangeMutation.mutate(next)}
          onRemove={(tileId) => remove.mutate(tileId)}
        />
      )}
    </div>
  );
}

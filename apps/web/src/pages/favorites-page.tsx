import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { EmptyState, Page } from '../components/page.tsx';
import { FavoriteChartCard } from '../features/charts/favorite-chart-card.tsx';
import { FavoriteQueryCard } from '../features/queries/favorite-query-card.tsx';
import { SharedQueriesSection } from '../features/sharing/shared-queries-section.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { useContextStore } from '../stores/context-store.ts';
import { useUserStore } from '../stores/user-store.ts';

/**
 * /favorites: the selected context's starred queries and charts as cards, previewed from their
 * stored last results (nothing runs on a visit). A lazy chunk: the grid and charts load with it.
 */
export function FavoritesPage() {
  const { api } = useServices();
  const contextId = useContextStore((state) => state.contextSelectedId);
  const databaseId = useContextStore((state) => state.databaseId);
  const inOrganization = useUserStore((state) => state.user.inOrganization);
  const favorites = useQuery({
    queryKey: queryKeys.favorites(contextId),
    queryFn: () => api.favorites.list(contextId ?? ''),
    enabled: contextId !== null,
    staleTime: 0,
  });

  let body;
  if (contextId === null) {
    body = <EmptyState>Select a database or a project to see its favourites.</EmptyState>;
  } else if (favorites.isPending) {
    body = (
      <p role="status" className="text-sm text-zinc-500">
        Loading favourites…
      </p>
    );
  } else if (favorites.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        Could not load the favourites: {errorMessage(favorites.error)}
      </p>
    );
  } else if (favorites.data.queries.length === 0 && favorites.data.charts.length === 0) {
    body = <EmptyState>Star a query or a chart in the editor and it will appear here.</EmptyState>;
  } else {
    const { queries, charts } = favorites.data;
    body = (
      <>
        {queries.length > 0 ? (
          <section aria-labelledby="favorite-queries" className="flex flex-col gap-3">
            <h2 id="favorite-queries" className="text-base font-semibold">
              Queries
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {queries.map((query) => (
                <FavoriteQueryCard key={query.id} query={query} />
              ))}
            </div>
          </section>
        ) : null}
        {charts.length > 0 ? (
          <section aria-labelledby="favorite-charts" className="flex flex-col gap-3">
            <h2 id="favorite-charts" className="text-base font-semibold">
              Charts
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {charts.map((chart) => (
                <FavoriteChartCard key={chart.id} chart={chart} />
              ))}
            </div>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <Page title="Favorites">
      {body}
      {/* The shared view only means something inside an organisation. */}
      {databaseId !== null && inOrganization ? <SharedQueriesSection databaseId={databaseId} /> : null}
    </Page>
  );
}

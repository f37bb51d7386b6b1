import { EmptyState, Page } from '../components/page.tsx';

export function FavoritesPage() {
  return (
    <Page title="Favorite queries">
      <EmptyState>Queries you mark as favourite will appear here.</EmptyState>
    </Page>
  );
}

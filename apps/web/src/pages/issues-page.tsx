import { EmptyState, Page } from '../components/page.tsx';

export function IssuesPage() {
  return (
    <Page title="Issues">
      <EmptyState>Data-quality issues found in the selected context will be listed here.</EmptyState>
    </Page>
  );
}

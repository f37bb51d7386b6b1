import { EmptyState, Page } from '../components/page.tsx';

export function PrivacyPage() {
  return (
    <Page title="Privacy">
      <EmptyState>
        Querent stores your connections and conversations in its own database; credentials are encrypted at
        rest.
      </EmptyState>
    </Page>
  );
}

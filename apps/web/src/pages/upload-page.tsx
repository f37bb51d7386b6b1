import { EmptyState, Page } from '../components/page.tsx';

export function UploadPage() {
  return (
    <Page title="Upload a file">
      <EmptyState>Upload CSV or spreadsheet files to query them like a database.</EmptyState>
    </Page>
  );
}

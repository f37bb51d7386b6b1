import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { EmptyState, Page } from '../components/page.tsx';
import { errorMessage } from '../lib/api-error.ts';

export function DatabaseEditPage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const database = useQuery({ queryKey: queryKeys.database(id), queryFn: () => api.databases.get(id) });
  return (
    <Page title="Edit database">
      {database.isError ? <p role="alert">{errorMessage(database.error)}</p> : null}
      {database.data ? <p className="text-sm">{database.data.name}</p> : null}
      <EmptyState>Connection settings will be editable here.</EmptyState>
    </Page>
  );
}

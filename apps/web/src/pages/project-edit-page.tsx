import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { EmptyState, Page } from '../components/page.tsx';
import { errorMessage } from '../lib/api-error.ts';

export function ProjectEditPage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const project = useQuery({ queryKey: queryKeys.project(id), queryFn: () => api.projects.get(id) });
  return (
    <Page title="Edit project">
      {project.isError ? <p role="alert">{errorMessage(project.error)}</p> : null}
      {project.data ? <p className="text-sm">{project.data.name}</p> : null}
      <EmptyState>Project settings will be editable here.</EmptyState>
    </Page>
  );
}

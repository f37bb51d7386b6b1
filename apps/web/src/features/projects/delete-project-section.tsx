import type { Database, Project } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { DeleteSection } from '../../components/delete-section.tsx';
import { useContextStore } from '../../stores/context-store.ts';
import { notify } from '../../stores/notifications-store.ts';
import { buildContextOptions, resolveContextId } from '../context/contexts.ts';
import { removeProjectFromCache } from './project-cache.ts';

export const deleteProjectWarning =
  'This deletes the project and its conversations in Querent. The database and its tables are not touched.';

export function DeleteProjectSection({ project }: { project: Project }) {
  const { api, queryClient, changeContext } = useServices();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => api.projects.remove(project.id),
    async onSuccess() {
      const projects = removeProjectFromCache(queryClient, project.id);
      const databases = queryClient.getQueryData<Database[]>(queryKeys.databases) ?? [];
      // If it was the context, the context falls back like any vanished one: to the first available.
      const selected = useContextStore.getState().contextSelectedId;
      const next = resolveContextId(buildContextOptions(databases, projects), selected);
      if (next !== selected) changeContext(next);
      notify({ title: 'Project deleted', text: `${project.name} was removed.` });
      await navigate('/projects');
      queryClient.removeQueries({ queryKey: queryKeys.project(project.id), exact: true });
    },
  });

  return (
    <DeleteSection
      id="delete-project"
      heading="Delete this project"
      itemName={project.name}
      confirmLabel="Delete project"
      warning={deleteProjectWarning}
      remove={remove}
    />
  );
}

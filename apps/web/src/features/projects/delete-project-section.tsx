import type { Database, Project } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { dangerButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useContextStore } from '../../stores/context-store.ts';
import { notify } from '../../stores/notifications-store.ts';
import { buildContextOptions, resolveContextId } from '../context/contexts.ts';
import { removeProjectFromCache } from './project-cache.ts';

export const deleteProjectWarning =
  'This deletes the project and its conversations in Querent. The database and its tables are not touched.';

export function DeleteProjectSection({ project }: { project: Project }) {
  const { api, queryClient, changeContext } = useServices();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.projects.remove(project.id),
    async onSuccess() {
      const projects = removeProjectFromCache(queryClient, project.id);
      const databases = queryClient.getQueryData<Database[]>(queryKeys.databases) ?? [];
      // If it was the context, the context falls back like any vanished one (SPEC.md §4).
      const selected = useContextStore.getState().contextSelectedId;
      const next = resolveContextId(buildContextOptions(databases, projects), selected);
      if (next !== selected) await changeContext(next);
      notify({ title: 'Project deleted', text: `${project.name} was removed.` });
      await navigate('/projects');
      queryClient.removeQueries({ queryKey: queryKeys.project(project.id), exact: true });
    },
  });

  return (
    <section
      aria-labelledby="delete-project-heading"
      className="flex flex-col items-start gap-2 rounded-lg border border-red-200 p-4 dark:border-red-900"
    >
      <h2 id="delete-project-heading" className="text-base font-semibold">
        Delete this project
      </h2>
      <button type="button" className={dangerButtonClass} onClick={() => setAsking(true)}>
        <Trash2 size={16} aria-hidden="true" /> Delete
      </button>
      {asking ? (
        <ConfirmDialog
          title={`Delete ${project.name}?`}
          confirmLabel="Delete project"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            remove.reset();
            setAsking(false);
          }}
        >
          <p>{deleteProjectWarning}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

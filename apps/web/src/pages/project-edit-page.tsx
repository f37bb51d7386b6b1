import type { CreateProjectBody, Project, SavedProject } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useDatabases } from '../api/use-lists.ts';
import { useServices } from '../app/services-context.tsx';
import { EmptyState, linkClass, Page } from '../components/page.tsx';
import { DeleteProjectSection } from '../features/projects/delete-project-section.tsx';
import { putProjectInCache } from '../features/projects/project-cache.ts';
import { ProjectForm } from '../features/projects/project-form.tsx';
import { SchemaBrowser } from '../features/schema/schema-browser.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { notify } from '../stores/notifications-store.ts';

/** The server saves even when it cannot reach the database to check the tables, and says so. */
function reportSaved(saved: SavedProject, title: string) {
  notify({
    title,
    text: saved.warning ?? `${saved.name} is saved.`,
    type: saved.warning ? 'info' : 'success',
  });
}

function ProjectEditor({ project }: { project: Project | undefined }) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const databases = useDatabases();

  async function save(body: CreateProjectBody) {
    if (project) {
      const saved = await api.projects.update(project.id, body);
      putProjectInCache(queryClient, saved);
      reportSaved(saved, 'Project saved');
    } else {
      const saved = await api.projects.create(body);
      putProjectInCache(queryClient, saved);
      reportSaved(saved, 'Project created');
      await navigate(`/projects/${encodeURIComponent(saved.id)}`, { replace: true });
    }
  }

  const readOnly = project ? !project.editable : false;
  const form =
    databases.data && (databases.data.length > 0 || project) ? (
      <ProjectForm
        // A saved project comes back as the server stored it; start the form from that.
        key={project ? `${project.id}:${project.updatedAt}` : 'new'}
        project={project}
        databases={databases.data}
        readOnly={readOnly}
        submitLabel={project ? 'Save changes' : 'Create project'}
        onSave={save}
      />
    ) : null;
  return (
    <Page title={project ? project.name : 'New project'}>
      {readOnly ? (
        <p
          role="note"
          className="flex items-center gap-2 rounded-md bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800"
        >
          <Lock size={16} aria-hidden="true" /> Shared with you read-only: only its owner can change it.
        </p>
      ) : null}
      {databases.isPending ? <p role="status">Loading…</p> : null}
      {databases.isError ? <p role="alert">{errorMessage(databases.error)}</p> : null}
      {databases.data?.length === 0 && !project ? (
        <EmptyState>
          A project is a set of tables from one database.{' '}
          <Link to="/databases/new" className={linkClass}>
            Connect a database
          </Link>{' '}
          first.
        </EmptyState>
      ) : null}
      {project ? (
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
          <div className="flex flex-col gap-8">
            {form}
            {project.abilities.delete ? <DeleteProjectSection project={project} /> : null}
          </div>
          <div className="lg:sticky lg:top-0 lg:self-start">
            {/* The saved tables as the database describes them; a save that changes them reads it anew. */}
            <SchemaBrowser
              key={`${project.id}:${project.updatedAt}`}
              source={{ kind: 'project', id: project.id }}
            />
          </div>
        </div>
      ) : (
        form
      )}
    </Page>
  );
}

/** /projects/new and /projects/:id: name, description, database and its tables; a saved one's schema. */
export function ProjectEditPage() {
  const { id } = useParams();
  const { api, queryClient } = useServices();
  const project = useQuery({
    queryKey: queryKeys.project(id ?? ''),
    queryFn: () => api.projects.get(id ?? ''),
    enabled: id !== undefined,
    initialData: () =>
      queryClient.getQueryData<Project[]>(queryKeys.projects)?.find((item) => item.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.projects)?.dataUpdatedAt,
  });

  if (id === undefined) return <ProjectEditor project={undefined} />;
  if (project.data) return <ProjectEditor project={project.data} />;
  return (
    <Page title="Project">
      {project.isError ? <p role="alert">{errorMessage(project.error)}</p> : <p role="status">Loading…</p>}
    </Page>
  );
}

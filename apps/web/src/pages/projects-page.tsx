import { FolderKanban, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useDatabases, useProjects } from '../api/use-lists.ts';
import { buttonClass, EmptyState, linkClass, Page } from '../components/page.tsx';
import { errorMessage } from '../lib/api-error.ts';

/** /projects: each project with the database it draws its tables from. */
export function ProjectsPage() {
  const projects = useProjects();
  const databases = useDatabases();
  const databaseName = (id: string) =>
    databases.data?.find((database) => database.id === id)?.name ?? 'Unknown database';

  return (
    <Page
      title="Projects"
      actions={
        <Link to="/projects/new" className={buttonClass}>
          <Plus size={16} aria-hidden="true" /> New project
        </Link>
      }
    >
      {projects.isPending ? <p role="status">Loading…</p> : null}
      {projects.isError ? <p role="alert">{errorMessage(projects.error)}</p> : null}
      {projects.data?.length === 0 ? (
        <EmptyState>
          No project yet. A project is a named set of tables from one database, so the assistant focuses on
          what matters.{' '}
          <Link to="/projects/new" className={linkClass}>
            Create one
          </Link>
          .
        </EmptyState>
      ) : null}
      {projects.data?.length ? (
        <ul
          aria-label="Projects"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {projects.data.map((project) => (
            <li key={project.id}>
              <Link
                to={`/projects/${encodeURIComponent(project.id)}`}
                className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900"
              >
                <FolderKanban size={18} aria-hidden="true" className="shrink-0 text-zinc-500" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{project.name}</span>
                  {project.description ? (
                    <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {project.description}
                    </span>
                  ) : null}
                </span>
                <span className="text-right text-xs text-zinc-500 dark:text-zinc-400">
                  <span className="block">{databaseName(project.databaseId)}</span>
                  <span className="block">
                    {project.tables.length} {project.tables.length === 1 ? 'table' : 'tables'}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

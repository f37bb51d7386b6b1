import { Link } from 'react-router';
import { useProjects } from '../api/use-lists.ts';
import { EmptyState, linkClass, Page } from '../components/page.tsx';
import { errorMessage } from '../lib/api-error.ts';

export function ProjectsPage() {
  const projects = useProjects();
  return (
    <Page title="Projects">
      {projects.isPending ? <p role="status">Loading…</p> : null}
      {projects.isError ? <p role="alert">{errorMessage(projects.error)}</p> : null}
      {projects.data?.length === 0 ? (
        <EmptyState>No project yet. A project groups databases and documentation.</EmptyState>
      ) : null}
      {projects.data?.length ? (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {projects.data.map((project) => (
            <li key={project.id} className="px-4 py-3">
              <Link to={`/projects/${project.id}`} className={linkClass}>
                {project.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

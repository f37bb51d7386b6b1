import { engineCatalog } from '@querent/contracts';
import { Link } from 'react-router';
import { useDatabases } from '../api/use-lists.ts';
import { buttonClass, EmptyState, linkClass, Page } from '../components/page.tsx';
import { errorMessage } from '../lib/api-error.ts';

export function DatabasesPage() {
  const databases = useDatabases();
  return (
    <Page
      title="Databases"
      actions={
        <Link to="/databases/new" className={buttonClass}>
          Add a database
        </Link>
      }
    >
      {databases.isPending ? <p role="status">Loading…</p> : null}
      {databases.isError ? <p role="alert">{errorMessage(databases.error)}</p> : null}
      {databases.data?.length === 0 ? <EmptyState>No database is connected yet.</EmptyState> : null}
      {databases.data?.length ? (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {databases.data.map((database) => (
            <li key={database.id} className="flex items-center justify-between px-4 py-3">
              <Link to={`/databases/${database.id}`} className={linkClass}>
                {database.name}
              </Link>
              <span className="text-sm text-zinc-500">{engineCatalog[database.engine].displayName}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

import { Plus, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { useDatabases } from '../api/use-lists.ts';
import { areAllDatabasesPublic } from '../features/databases/all-public.ts';
import { secondaryButtonClass } from '../components/form-field.tsx';
import { buttonClass, EmptyState, linkClass, Page } from '../components/page.tsx';
import { DatabaseBadges, formatCreatedDate } from '../features/databases/database-badges.tsx';
import { EngineIcon, engineName } from '../features/databases/engine-icon.tsx';
import { errorMessage } from '../lib/api-error.ts';

function NoDatabases() {
  return (
    <EmptyState>
      <p className="font-medium text-zinc-800 dark:text-zinc-200">No database is connected yet.</p>
      <p className="mt-2">
        <Link to="/databases/new" className={linkClass}>
          Connect one
        </Link>{' '}
        — PostgreSQL, MySQL, Snowflake, SQLite, BigQuery or MotherDuck — or{' '}
        <Link to="/upload" className={linkClass}>
          upload a file
        </Link>
        .
      </p>
      <p className="mt-2">
        Run on your own machine (local mode), Querent creates a demo database, “Demo shop”, on its first
        start. If you deleted it, connect its SQLite file again: demo-shop.sqlite in Querent's data folder.
      </p>
    </EmptyState>
  );
}

/** /databases: every database the user can use, newest last as the server lists them. */
export function DatabasesPage() {
  const databases = useDatabases();
  return (
    <Page
      title="Databases"
      actions={
        <div className="flex gap-2">
          <Link to="/upload" className={secondaryButtonClass}>
            <Upload size={16} aria-hidden="true" /> Upload a file
          </Link>
          <Link to="/databases/new" className={buttonClass}>
            <Plus size={16} aria-hidden="true" /> Add a database
          </Link>
        </div>
      }
    >
      {databases.isPending ? <p role="status">Loading…</p> : null}
      {databases.isError ? <p role="alert">{errorMessage(databases.error)}</p> : null}
      {databases.data?.length === 0 ? <NoDatabases /> : null}
      {databases.data && areAllDatabasesPublic(databases.data) ? (
        <p role="note" className="text-sm text-zinc-600 dark:text-zinc-400">
          Every database here is public: anyone who can open Querent, visitors included, can read them.
        </p>
      ) : null}
      {databases.data?.length ? (
        <ul
          aria-label="Databases"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {databases.data.map((database) => (
            <li key={database.id}>
              <Link
                to={`/databases/${encodeURIComponent(database.id)}`}
                className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900"
              >
                <EngineIcon engine={database.engine} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{database.name}</span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {engineName(database.engine)}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-1.5">
                  <DatabaseBadges database={database} />
                </span>
                <span className="w-28 text-right text-xs text-zinc-500 dark:text-zinc-400">
                  <span className="sr-only">Created </span>
                  <time dateTime={database.createdAt}>{formatCreatedDate(database.createdAt)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

import { contextId } from '@querent/contracts';
import { ArrowRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useDatabases } from '../api/use-lists.ts';
import { useServices } from '../app/services-context.tsx';
import { linkClass } from '../components/page.tsx';
import { DatabaseBadges } from '../features/databases/database-badges.tsx';
import { EngineIcon, engineName } from '../features/databases/engine-icon.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { isAnonymous } from '../session/current-user.ts';
import { useUserStore } from '../stores/user-store.ts';

/**
 * /welcome: where sandbox visitors land until they pick something to explore. Only
 * public databases are offered; choosing one makes it the context and opens the app.
 */
export function WelcomePage() {
  const databases = useDatabases();
  const { changeContext, session } = useServices();
  const navigate = useNavigate();
  const visitor = useUserStore((state) => isAnonymous(state.user));
  const publicDatabases = databases.data?.filter((database) => database.public) ?? [];

  async function choose(databaseId: string) {
    changeContext(contextId('database', databaseId));
    await navigate('/');
  }

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col justify-center gap-8 p-6">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-semibold tracking-tight">Welcome to Querent</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          Ask questions about data in plain language and get answers, tables and charts. Pick a database to
          start exploring.
        </p>
      </div>

      {databases.isPending ? (
        <p role="status" className="text-center text-sm text-zinc-500">
          Loading databases…
        </p>
      ) : null}
      {databases.isError ? (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          {errorMessage(databases.error)}
        </p>
      ) : null}
      {databases.isSuccess && publicDatabases.length === 0 ? (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          No public database is available yet.
        </p>
      ) : null}

      {publicDatabases.length > 0 ? (
        <ul aria-label="Public databases" className="flex flex-wrap justify-center gap-3">
          {publicDatabases.map((database) => (
            <li key={database.id} className="w-full sm:w-[calc(50%-0.375rem)]">
              <button
                type="button"
                onClick={() => void choose(database.id)}
                className="group flex w-full items-center gap-3 rounded-lg border border-zinc-200 bg-white p-4 text-left shadow-xs transition hover:border-indigo-400 hover:shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <EngineIcon engine={database.engine} size={22} />
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="truncate font-medium">{database.name}</span>
                  <span className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                    {engineName(database.engine)}
                    <DatabaseBadges database={{ safe_mode: database.safe_mode, public: false }} />
                  </span>
                </span>
                <ArrowRight
                  size={18}
                  aria-hidden="true"
                  className="text-zinc-400 group-hover:text-indigo-500"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {visitor ? (
        // Visitors keep nothing: signing in replaces the anonymous session with the person's own.
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          To connect your own data and keep your work,{' '}
          <button type="button" className={linkClass} onClick={() => void session.goToLogin()}>
            sign in
          </button>{' '}
          or{' '}
          <button type="button" className={linkClass} onClick={() => void session.signUp()}>
            sign up
          </button>
          .
        </p>
      ) : (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          Or{' '}
          <Link to="/setup" className={linkClass}>
            connect your own database
          </Link>
          .
        </p>
      )}
    </div>
  );
}

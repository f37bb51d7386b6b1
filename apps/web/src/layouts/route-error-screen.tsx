import { Link, useRouteError } from 'react-router';
import { errorMessage } from '../lib/api-error.ts';

/** Shown when a screen throws while rendering or loading, instead of a blank page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Route error', error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{errorMessage(error)}</p>
      <Link className="text-sm font-medium text-indigo-600 underline dark:text-indigo-400" to="/">
        Back to home
      </Link>
    </main>
  );
}

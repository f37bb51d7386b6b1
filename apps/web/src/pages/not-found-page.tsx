import { Link } from 'react-router';
import { linkClass } from '../components/page.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">There is nothing at this address.</p>
      <Link to="/" className={linkClass}>
        Back to home
      </Link>
    </div>
  );
}

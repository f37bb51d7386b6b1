import { engineCatalog, engines } from '@querent/contracts';
import { Link } from 'react-router';
import { linkClass } from '../components/page.tsx';

/** The setup funnel (/setup, /databases/new). Connection forms come with the databases issue. */
export function SetupPage() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Connect a database</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Querent works with these engines:</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {engines.map((engine) => (
          <li
            key={engine}
            className="rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
          >
            {engineCatalog[engine].displayName}
          </li>
        ))}
      </ul>
      <Link to="/" className={linkClass}>
        Back to Querent
      </Link>
    </div>
  );
}

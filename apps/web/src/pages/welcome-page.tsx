import { Link } from 'react-router';
import { buttonClass } from '../components/page.tsx';

export function WelcomePage() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-semibold tracking-tight">Welcome to Querent</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        Ask questions about your data in plain language and get answers, tables and charts.
      </p>
      <Link to="/setup" className={buttonClass}>
        Get started
      </Link>
    </div>
  );
}

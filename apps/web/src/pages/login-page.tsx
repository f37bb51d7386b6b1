import { Link } from 'react-router';
import { useServices } from '../app/services-context.tsx';
import { buttonClass, linkClass } from '../components/page.tsx';

export function LoginPage() {
  const { session } = useServices();
  return (
    <div className="mx-auto flex min-h-dvh max-w-sm flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to Querent</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Sign in to explore your data.</p>
      <button type="button" className={buttonClass} onClick={() => void session.goToLogin()}>
        Sign in
      </button>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        New here?{' '}
        <button type="button" className={linkClass} onClick={() => void session.signUp()}>
          Create an account
        </button>
      </p>
      <p className="text-xs text-zinc-500">
        Running Querent on your own machine? Local mode needs no sign-in:{' '}
        <Link className="underline" to="/">
          open Querent
        </Link>
        .
      </p>
    </div>
  );
}

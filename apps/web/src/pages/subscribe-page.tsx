import { Link } from 'react-router';
import { linkClass } from '../components/page.tsx';
import { useUserStore } from '../stores/user-store.ts';

export function SubscribePage() {
  const credits = useUserStore((state) => state.user.credits);
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Subscribe</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        You have {credits} credits left. Plans and credit packs will be offered here.
      </p>
      <Link to="/" className={linkClass}>
        Back to Querent
      </Link>
    </div>
  );
}

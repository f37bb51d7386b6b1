import { CloudOff, CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services-context.tsx';
import { linkClass } from '../../components/page.tsx';
import { useUserStore } from '../../stores/user-store.ts';
import { useSocketStore } from '../../stores/socket-store.ts';

/** The socket connects just after the page loads; a banner before then would only flash. */
const DISCONNECTED_GRACE_MS = 1500;

export function DisconnectedBanner() {
  const connected = useSocketStore((state) => state.connected);
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), DISCONNECTED_GRACE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (connected || !graceOver) return null;
  return (
    <div
      role="status"
      data-testid="disconnected-banner"
      className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <CloudOff size={16} aria-hidden="true" />
      Disconnected from the server — reconnecting…
    </div>
  );
}

/**
 * No credits left. A person may subscribe; a visitor of the sandbox cannot, so they are asked to
 * sign in instead (their own account has its own credits).
 */
export function SubscriptionBanner() {
  const visitor = useUserStore((state) => state.user.role === 'anonymous');
  const { session } = useServices();
  return (
    <div
      role="alert"
      data-testid="subscription-required"
      className="flex flex-wrap items-center gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200"
    >
      <CreditCard size={16} aria-hidden="true" />
      {visitor ? (
        <>
          Visitors&apos; credits for the analyst are used up.
          <button type="button" className={linkClass} onClick={() => void session.goToLogin()}>
            Sign in to continue
          </button>
        </>
      ) : (
        <>
          You have no credits left for the analyst.
          <Link to="/subscribe" className={linkClass}>
            Subscribe to continue
          </Link>
        </>
      )}
    </div>
  );
}

import type { UserSession } from '@querent/contracts';
import { LogOut } from 'lucide-react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { describeDevice } from './describe-device.ts';
import type { SessionActions } from './use-user-sessions.ts';

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function SessionRow({ session, actions }: { session: UserSession; actions: SessionActions }) {
  const device = describeDevice(session.user_agent);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">
          {device}
          {session.current ? (
            <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">
              This browser
            </span>
          ) : null}
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {session.ip ? `${session.ip} · ` : ''}signed in {formatTime(session.created_at)} · last active{' '}
          {formatTime(session.last_seen_at)}
        </span>
      </span>
      {session.current ? null : (
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={`Sign out ${device}, signed in ${formatTime(session.created_at)}`}
          disabled={actions.pending}
          onClick={() => actions.signOut(session.id)}
        >
          <LogOut size={16} aria-hidden="true" /> Sign out
        </button>
      )}
    </li>
  );
}

/** The browsers signed in as the user, each of which can be signed out from here. */
export function SessionsSection({ sessions, actions }: { sessions: UserSession[]; actions: SessionActions }) {
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-heading" className="text-base font-semibold">
          Sessions
        </h2>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={others === 0 || actions.pending}
          onClick={actions.signOutOthers}
        >
          Sign out everywhere else
        </button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The browsers signed in to your account. Signing one out also closes its open pages' live updates.
      </p>
      {actions.error ? <p role="alert">{errorMessage(actions.error)}</p> : null}
      <ul
        aria-label="Sessions"
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} actions={actions} />
        ))}
      </ul>
    </section>
  );
}

import type { ServerUser } from '@querent/contracts';
import { UserRound } from 'lucide-react';
import type { CurrentUser } from '../../session/current-user.ts';
import { displayName } from '../../session/current-user.ts';

const roleNames: Record<string, string> = {
  admin: 'Administrator',
  member: 'Member',
  anonymous: 'Guest',
};

/** The account as the server knows it; the signed-in user of the store until it has answered. */
export function AccountSection({ user, server }: { user: CurrentUser; server: ServerUser | undefined }) {
  const picture = server?.profile_picture_url ?? user.profilePictureUrl;
  const role = server?.role ?? user.role;
  const organization = server?.organization_name ?? null;
  return (
    <section aria-labelledby="account-heading" className="flex flex-col gap-4">
      <h2 id="account-heading" className="text-base font-semibold">
        Account
      </h2>
      <div className="flex items-center gap-4">
        {picture ? (
          <img src={picture} alt="" className="size-14 rounded-full" />
        ) : (
          <span className="flex size-14 items-center justify-center rounded-full bg-zinc-100 dark:bg-zinc-800">
            <UserRound size={28} aria-hidden="true" />
          </span>
        )}
        <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
          <dt className="text-zinc-500">Name</dt>
          <dd>{displayName(user)}</dd>
          <dt className="text-zinc-500">Email</dt>
          <dd>{server?.email ?? user.email ?? '—'}</dd>
          <dt className="text-zinc-500">Role</dt>
          <dd>{role ? (roleNames[role] ?? role) : '—'}</dd>
          <dt className="text-zinc-500">Organisation</dt>
          <dd>{organization ?? 'None'}</dd>
        </dl>
      </div>
    </section>
  );
}

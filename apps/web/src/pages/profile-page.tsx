import { Page } from '../components/page.tsx';
import { displayName } from '../session/current-user.ts';
import { useUserStore } from '../stores/user-store.ts';

export function ProfilePage() {
  const user = useUserStore((state) => state.user);
  return (
    <Page title="Profile">
      <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
        <dt className="text-zinc-500">Name</dt>
        <dd>{displayName(user)}</dd>
        <dt className="text-zinc-500">Email</dt>
        <dd>{user.email ?? '—'}</dd>
        <dt className="text-zinc-500">Role</dt>
        <dd>{user.role ?? '—'}</dd>
      </dl>
    </Page>
  );
}

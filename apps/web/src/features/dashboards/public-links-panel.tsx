import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import { useDashboardsApi } from './use-dashboards-api.ts';

/**
 * The owner's public links of a dashboard: make one (its address is shown this once, to copy),
 * see the others by when they were made and when they expire, and revoke any of them.
 */
export function PublicLinksPanel({ dashboardId }: { dashboardId: string }) {
  const dashboardsApi = useDashboardsApi();
  const queryClient = useQueryClient();
  const linksKey = [...dashboardKeys.dashboard(dashboardId), 'links'];
  const [made, setMade] = useState<string | null>(null);
  const links = useQuery({ queryKey: linksKey, queryFn: () => dashboardsApi.links(dashboardId) });
  const failed = (title: string) => (error: unknown) =>
    notify({ group: 'dashboards', type: 'error', title, text: errorMessage(error) });
  const create = useMutation({
    mutationFn: () => dashboardsApi.createLink(dashboardId),
    onSuccess: (link) => {
      setMade(link.url);
      void queryClient.invalidateQueries({ queryKey: linksKey });
    },
    onError: failed('Could not make a public link'),
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => dashboardsApi.revokeLink(dashboardId, linkId),
    onSuccess: () => {
      setMade(null);
      void queryClient.invalidateQueries({ queryKey: linksKey });
    },
    onError: failed('Could not revoke the link'),
  });
  return (
    <section
      aria-label="Public links"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800"
    >
      <p className="text-zinc-600 dark:text-zinc-400">
        Anyone with a public link sees this dashboard, read-only and without signing in, its tiles run as you.
      </p>
      <div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={create.isPending}
          onClick={() => create.mutate()}
        >
          <Link2 size={14} aria-hidden="true" />
          Make a public link
        </button>
      </div>
      {made ? (
        <label className="flex flex-col gap-1">
          New link (copy it now: it is shown once)
          <input className={inputClass} readOnly value={made} onFocus={(event) => event.target.select()} />
        </label>
      ) : null}
      {(links.data ?? []).length > 0 ? (
        <ul aria-label="Links" className="flex flex-col gap-1">
          {(links.data ?? []).map((link) => (
            <li key={link.id} className="flex items-center justify-between gap-2">
              <span>
                Made {new Date(link.createdAt).toLocaleString()}
                {link.expiresAt
                  ? `, expires ${new Date(link.expiresAt).toLocaleString()}`
                  : ', never expires'}
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(link.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

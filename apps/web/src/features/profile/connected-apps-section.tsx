import type { ConnectedApp } from '@querent/contracts';
import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useConnectedApps } from './use-connected-apps.ts';
import { ScopeChips } from './scope-chips.tsx';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/**
 * /profile's apps connected through OAuth (Claude, Cursor… signing in to /mcp): what each may do,
 * and disconnecting one, after asking. Hosted mode only: local mode has no sign-in for apps.
 */
export function ConnectedAppsSection() {
  const { apps, disconnect } = useConnectedApps();
  const [leaving, setLeaving] = useState<ConnectedApp | null>(null);
  if (apps.data?.mode !== 'oidc') return apps.isError ? <p role="alert">{errorMessage(apps.error)}</p> : null;
  const listed = apps.data.apps;
  return (
    <section aria-labelledby="connected-apps-heading" className="flex flex-col gap-3">
      <h2 id="connected-apps-heading" className="text-base font-semibold">
        Connected apps
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        AI tools you allowed to use Querent as you through their sign-in (MCP). Disconnecting one stops it at
        once.
      </p>
      {listed.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No app is connected.</p>
      ) : (
        <ul
          aria-label="Connected apps"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {listed.map((app) => (
            <li key={app.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="font-medium">{app.name}</span>
                <span className="flex flex-wrap gap-1">
                  <ScopeChips scopes={app.scopes} />
                </span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  connected {formatDay(app.connected_at)}
                </span>
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={`Disconnect ${app.name}`}
                onClick={() => setLeaving(app)}
              >
                <Unplug size={16} aria-hidden="true" /> Disconnect
              </button>
            </li>
          ))}
        </ul>
      )}
      {leaving ? (
        <ConfirmDialog
          title={`Disconnect ${leaving.name}?`}
          confirmLabel="Disconnect"
          pendingLabel="Disconnecting…"
          pending={disconnect.isPending}
          error={disconnect.error ? errorMessage(disconnect.error) : null}
          onCancel={() => {
            disconnect.reset();
            setLeaving(null);
          }}
          onConfirm={() => disconnect.mutate(leaving.id, { onSuccess: () => setLeaving(null) })}
        >
          It is refused from its next request on; connecting it again asks you again.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

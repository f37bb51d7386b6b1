import type { ApiKey } from '@querent/contracts';
import { Trash2 } from 'lucide-react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { ScopeChips } from './scope-chips.tsx';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function expiryText(key: ApiKey): string {
  if (key.expires_at === null) return 'never expires';
  return key.expired ? `expired ${formatDay(key.expires_at)}` : `expires ${formatDay(key.expires_at)}`;
}

/** One key: its name and whose it is, the start of its secret, scopes, dates and last use. */
export function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-medium">
          {apiKey.name}
          {apiKey.kind === 'organization' ? (
            <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-900 dark:text-indigo-200">
              Organisation: {apiKey.organization_name ?? 'deleted'}
            </span>
          ) : null}
          {apiKey.expired ? (
            <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900 dark:text-red-200">
              Expired
            </span>
          ) : null}
        </span>
        <span className="flex flex-wrap gap-1">
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">{apiKey.prefix}…</code>
          <ScopeChips scopes={apiKey.scopes} />
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          made {formatDay(apiKey.created_at)} · {expiryText(apiKey)} ·{' '}
          {apiKey.last_used_at === null ? 'never used' : `last used ${formatTime(apiKey.last_used_at)}`}
        </span>
      </span>
      <button
        type="button"
        className={secondaryButtonClass}
        aria-label={`Revoke ${apiKey.name}`}
        onClick={() => onRevoke(apiKey)}
      >
        <Trash2 size={16} aria-hidden="true" /> Revoke
      </button>
    </li>
  );
}

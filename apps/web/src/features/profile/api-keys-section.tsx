import type { ApiKey, CreatedApiKey } from '@querent/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useUserStore } from '../../stores/user-store.ts';
import { ApiKeyForm } from './api-key-form.tsx';
import { ApiKeyRow } from './api-key-row.tsx';
import { NewApiKeySecret } from './new-api-key-secret.tsx';
import { useApiKeys } from './use-api-keys.ts';

/**
 * /profile's API keys: for scripts and MCP clients (Claude, Cursor) to use Querent as the person,
 * read-only and within the scopes picked. Each is listed by the start of its secret, which is
 * shown whole only once, when it is made; revoking one asks first.
 */
export function ApiKeysSection() {
  const abilities = useUserStore((state) => state.user.abilities);
  const { keys, organizations, create, revoke } = useApiKeys({
    managesOrganizationKeys: abilities.manage_organization_keys,
  });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (!abilities.create_api_keys) return null;
  const choosable = abilities.manage_organization_keys ? (organizations.data?.organizations ?? []) : [];
  const listed = keys.data?.keys ?? [];
  return (
    <section aria-labelledby="api-keys-heading" className="flex flex-col gap-3">
      <h2 id="api-keys-heading" className="text-base font-semibold">
        API keys
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Keys let scripts and MCP clients (Claude, Cursor…) use Querent as you, only reading and running
        read-only, within what you allow. Send one as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      {created ? <NewApiKeySecret created={created} onDone={() => setCreated(null)} /> : null}
      <ApiKeyForm
        organizations={choosable}
        pending={create.isPending}
        error={create.error}
        onCreate={async (body) => {
          const made = await create.mutateAsync(body);
          setCreated(made);
          return made;
        }}
      />
      {keys.isError ? <p role="alert">{errorMessage(keys.error)}</p> : null}
      {listed.length === 0 ? (
        keys.isSuccess ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No API keys yet.</p>
        ) : null
      ) : (
        <ul
          aria-label="API keys"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {listed.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      {revoking ? (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke"
          pendingLabel="Revoking…"
          pending={revoke.isPending}
          error={revoke.error ? errorMessage(revoke.error) : null}
          onCancel={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() => revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
        >
          Whatever uses it is refused from its next request on. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

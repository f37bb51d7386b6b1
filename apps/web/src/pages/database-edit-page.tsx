import type { Database } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { Brain, Lock, Shapes } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { useServices } from '../app/services-context.tsx';
import { linkClass, Page } from '../components/page.tsx';
import { DatabaseBadges, formatCreatedDate } from '../features/databases/database-badges.tsx';
import { putDatabaseInCache } from '../features/databases/database-cache.ts';
import { DatabaseForm, type SaveRequest } from '../features/databases/database-form.tsx';
import { updateBody } from '../features/databases/database-form-values.ts';
import { DeleteDatabaseSection } from '../features/databases/delete-database-section.tsx';
import { EngineIcon, engineName } from '../features/databases/engine-icon.tsx';
import { SchemaBrowser } from '../features/schema/schema-browser.tsx';
import { ShareToggle } from '../features/sharing/share-toggle.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { notify } from '../stores/notifications-store.ts';

function EditDatabase({ database }: { database: Database }) {
  const { api, queryClient } = useServices();

  async function save({ values, options }: SaveRequest) {
    const updated = await api.databases.update(database.id, updateBody(database.engine, values, options));
    putDatabaseInCache(queryClient, updated);
    // New details or dbt files change what the schema shows; the server dropped its cache too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.databaseSchema(database.id) });
    notify({ title: 'Saved', text: `${updated.name} was updated.` });
    return updated;
  }

  return (
    <Page
      title={database.name}
      actions={
        <div className="flex flex-wrap gap-4">
          <Link to={`/databases/${database.id}/semantic-model`} className={linkClass}>
            <Shapes size={14} aria-hidden="true" /> Semantic model
          </Link>
          <Link to={`/databases/${database.id}/memory`} className={linkClass}>
            <Brain size={14} aria-hidden="true" /> Memory
          </Link>
        </div>
      }
    >
      <div className="-mt-4 flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <EngineIcon engine={database.engine} />
        <span>
          Engine:{' '}
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{engineName(database.engine)}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span>Connected {formatCreatedDate(database.createdAt)}</span>
        <DatabaseBadges database={database} />
      </div>
      {database.editable ? null : (
        <p
          role="note"
          className="flex items-center gap-2 rounded-md bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800"
        >
          <Lock size={16} aria-hidden="true" /> Shared with you read-only: only its owner and administrators
          can change it.
        </p>
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <div className="flex flex-col gap-8">
          {/* Remounted after each save so the form shows what the server stored (secrets masked again). */}
          <DatabaseForm
            key={`${database.id}:${database.updatedAt}`}
            engine={database.engine}
            database={database}
            canSetPublic={database.abilities.publish}
            canConfirmPower={database.abilities.confirm_credentials}
            readOnly={!database.editable}
            submitLabel="Save changes"
            onSave={save}
          />
          <div>
            <ShareToggle
              kind="database"
              id={database.id}
              shared={database.shared}
              canShare={database.abilities.share}
              refresh={[queryKeys.database(database.id), queryKeys.databases]}
            />
          </div>
          {database.abilities.delete ? <DeleteDatabaseSection database={database} /> : null}
        </div>
        <div className="lg:sticky lg:top-0 lg:self-start">
          <SchemaBrowser source={{ kind: 'database', id: database.id }} />
        </div>
      </div>
    </Page>
  );
}

/** /databases/:id: the connection form with the engine fixed, the schema, and deletion. */
export function DatabaseEditPage() {
  const { id = '' } = useParams();
  const { api, queryClient } = useServices();
  const database = useQuery({
    queryKey: queryKeys.database(id),
    queryFn: () => api.databases.get(id),
    // The list usually has it already: show that at once and let staleness decide on a refetch.
    initialData: () =>
      queryClient.getQueryData<Database[]>(queryKeys.databases)?.find((item) => item.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.databases)?.dataUpdatedAt,
  });

  if (database.data) return <EditDatabase database={database.data} />;
  return (
    <Page title="Database">
      {database.isError ? <p role="alert">{errorMessage(database.error)}</p> : <p role="status">Loading…</p>}
    </Page>
  );
}

import { useDashboardsApi } from '../features/dashboards/use-dashboards-api.ts';
import { dashboardKeys } from '../features/dashboards/dashboard-keys.ts';
import type { DashboardSummary } from '@querent/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, LayoutDashboard, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { FormField, inputClass } from '../components/form-field.tsx';
import { buttonClass, EmptyState, Page } from '../components/page.tsx';
import { errorMessage } from '../lib/api-error.ts';

function CreateDashboardForm() {
  const dashboardsApi = useDashboardsApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => dashboardsApi.create({ name: name.trim() }),
    onSuccess: (made) => {
      queryClient.setQueryData(dashboardKeys.dashboard(made.id), made);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
      void navigate(`/dashboards/${encodeURIComponent(made.id)}`);
    },
  });
  return (
    <form
      aria-label="New dashboard"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== '') create.mutate();
      }}
    >
      <div className="min-w-60 flex-1">
        <FormField label="Name" required error={create.isError ? errorMessage(create.error) : null}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={name}
              maxLength={200}
              placeholder="Morning numbers"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className={buttonClass} disabled={name.trim() === '' || create.isPending}>
        <Plus size={16} aria-hidden="true" /> {create.isPending ? 'Creating…' : 'New dashboard'}
      </button>
    </form>
  );
}

function DashboardRow({ dashboard, onDelete }: { dashboard: DashboardSummary; onDelete: () => void }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900">
      <LayoutDashboard size={18} aria-hidden="true" className="shrink-0 text-zinc-500" />
      <Link to={`/dashboards/${encodeURIComponent(dashboard.id)}`} className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{dashboard.name}</span>
        {dashboard.description ? (
          <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{dashboard.description}</span>
        ) : null}
      </Link>
      <span className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        {dashboard.public ? <Globe size={14} aria-label="Public" /> : null}
        {dashboard.shared ? <Users size={14} aria-label="Shared with my organisation" /> : null}
        {dashboard.abilities.edit ? null : <span>{dashboard.ownerName ?? 'Someone else'}</span>}
        <span>
          {dashboard.tileCount} {dashboard.tileCount === 1 ? 'tile' : 'tiles'}
        </span>
      </span>
      {dashboard.abilities.delete ? (
        <button
          type="button"
          aria-label={`Delete ${dashboard.name}`}
          className="rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-red-700 dark:hover:bg-zinc-800"
          onClick={onDelete}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
}

/** /dashboards: the dashboards the user may see (theirs, shared with them, public); create and delete. */
export function DashboardsPage() {
  const dashboardsApi = useDashboardsApi();
  const queryClient = useQueryClient();
  const dashboards = useQuery({ queryKey: dashboardKeys.list, queryFn: () => dashboardsApi.list() });
  const [deleting, setDeleting] = useState<DashboardSummary | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => dashboardsApi.remove(id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
    },
  });

  return (
    <Page title="Dashboards">
      <CreateDashboardForm />
      {dashboards.isPending ? <p role="status">Loading…</p> : null}
      {dashboards.isError ? <p role="alert">{errorMessage(dashboards.error)}</p> : null}
      {dashboards.data?.length === 0 ? (
        <EmptyState>No dashboard yet. Create one here, or pin an answer from a chat to a new one.</EmptyState>
      ) : null}
      {dashboards.data?.length ? (
        <ul
          aria-label="Dashboards"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {dashboards.data.map((dashboard) => (
            <DashboardRow key={dashboard.id} dashboard={dashboard} onDelete={() => setDeleting(dashboard)} />
          ))}
        </ul>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete dashboard"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting.id)}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        >
          Its tiles go with it; the saved queries they show stay.
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

import { useDashboardsApi } from './use-dashboards-api.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { FormField, inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { useTileChange } from './use-dashboard.ts';

type Kind = 'query' | 'text';

/** Adds a tile below the others: one of the user's saved queries, or a note in Markdown. */
export function AddTilePanel({ dashboardId }: { dashboardId: string }) {
  const dashboardsApi = useDashboardsApi();
  const [kind, setKind] = useState<Kind>('query');
  const [queryId, setQueryId] = useState('');
  const [text, setText] = useState('');
  const name = useId();
  const saved = useQuery({
    queryKey: dashboardKeys.savedQueries,
    queryFn: () => dashboardsApi.savedQueries(),
    enabled: kind === 'query',
  });
  const add = useTileChange(dashboardId, (body: { savedQueryId: string } | { text: string }) =>
    dashboardsApi.addTile(dashboardId, body),
  );
  const ready = kind === 'query' ? queryId !== '' : text.trim() !== '';
  return (
    <form
      aria-label="Add a tile"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        add.mutate(kind === 'query' ? { savedQueryId: queryId } : { text }, {
          onSuccess: () => {
            setQueryId('');
            setText('');
          },
        });
      }}
    >
      <fieldset className="flex gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium">Add a tile</legend>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={name} checked={kind === 'query'} onChange={() => setKind('query')} />
          Saved query
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={name} checked={kind === 'text'} onChange={() => setKind('text')} />
          Note (Markdown)
        </label>
      </fieldset>
      {kind === 'query' ? (
        <FormField
          label="Saved query"
          required
          help={saved.data?.length === 0 ? 'Save a query in the editor first.' : undefined}
        >
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={queryId}
              onChange={(event) => setQueryId(event.target.value)}
            >
              <option value="">Pick a saved query…</option>
              {(saved.data ?? []).map((query) => (
                <option key={query.id} value={query.id}>
                  {query.title ?? query.sql.slice(0, 80)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <FormField label="Note" required help="Markdown: headings, lists, links, emphasis.">
          {(control) => (
            <textarea
              {...control}
              className={inputClass}
              rows={4}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </FormField>
      )}
      <div>
        <button type="submit" className={secondaryButtonClass} disabled={!ready || add.isPending}>
          <Plus size={14} aria-hidden="true" />
          {add.isPending ? 'Adding…' : 'Add tile'}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useDatabases, useProjects } from '../../api/use-lists.ts';
import { useServices } from '../../app/services-context.tsx';
import { useContextStore } from '../../stores/context-store.ts';
import { buildContextOptions, resolveContextId } from '../context/contexts.ts';

/** The database or project the conversation, editor and lists are about. */
export function ContextSelector() {
  const { changeContext } = useServices();
  const databases = useDatabases();
  const projects = useProjects();
  const selectedId = useContextStore((state) => state.contextSelectedId);
  const selectId = useId();

  const options = useMemo(
    () => buildContextOptions(databases.data ?? [], projects.data ?? []),
    [databases.data, projects.data],
  );
  // Only decide once the lists are known, or a stored choice would be dropped while loading.
  const ready = databases.isSuccess && !projects.isPending;

  useEffect(() => {
    if (!ready) return;
    const resolved = resolveContextId(options, selectedId);
    if (resolved !== selectedId) changeContext(resolved);
  }, [ready, options, selectedId, changeContext]);

  if (databases.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        Could not load databases.
      </p>
    );
  }

  if (ready && options.length === 0) {
    return (
      <Link
        to="/databases/new"
        className="block rounded-md border border-dashed border-zinc-300 px-2 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800"
      >
        Connect a database
      </Link>
    );
  }

  return (
    <div>
      <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-zinc-500 dark:text-zinc-400">
        Context
      </label>
      <select
        id={selectId}
        data-testid="context-selector"
        value={selectedId ?? ''}
        disabled={!ready}
        onChange={(event) => changeContext(event.target.value || null)}
        className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      >
        {selectedId === null ? <option value="">{ready ? 'Select a context' : 'Loading…'}</option> : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

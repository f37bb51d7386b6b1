import { RefreshCw, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { countTables, filterSchema } from './filter-schema.ts';
import { formatAge } from './format-schema.ts';
import { SchemaTree } from './schema-tree.tsx';
import { type SchemaSource, useSchema } from './use-schema.ts';

/**
 * Schemas → tables and views → columns of a database or project, with a search over table and
 * column names and a refresh that reads the schema from the engine again.
 */
export function SchemaBrowser({ source }: { source: SchemaSource }) {
  const { schema, refresh } = useSchema(source);
  const [search, setSearch] = useState('');
  // Typing stays instant while the filter over thousands of tables catches up.
  const deferredSearch = useDeferredValue(search);
  const [openTables, setOpenTables] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();

  const groups = useMemo(
    () => (schema.data ? filterSchema(schema.data, deferredSearch) : []),
    [schema.data, deferredSearch],
  );
  const total = countTables(groups);
  const searching = deferredSearch.trim() !== '';

  function toggleTable(key: string) {
    setOpenTables((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  return (
    <section aria-labelledby={`${searchId}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${searchId}-heading`} className="text-base font-semibold">
          Schema
        </h2>
        <div className="flex items-center gap-2 text-xs text-zinc-500">
          {schema.data ? <span>Read {formatAge(schema.data.introspectedAt)}</span> : null}
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={refresh.isPending || schema.isPending}
            onClick={() => refresh.mutate()}
          >
            <RefreshCw
              size={14}
              aria-hidden="true"
              className={refresh.isPending ? 'animate-spin' : undefined}
            />
            {refresh.isPending ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </div>

      <div className="relative">
        <Search size={14} aria-hidden="true" className="absolute top-2.5 left-2.5 text-zinc-400" />
        <label htmlFor={searchId} className="sr-only">
          Search tables and columns
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Search tables and columns"
          onChange={(event) => setSearch(event.target.value)}
          className={`${inputClass} pl-8`}
        />
      </div>

      {refresh.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not refresh the schema: {errorMessage(refresh.error)}
        </p>
      ) : null}

      {schema.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the schema…
        </p>
      ) : null}
      {schema.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700 dark:text-red-400">
          <p>Could not read the schema: {errorMessage(schema.error)}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => void schema.refetch()}>
            Try again
          </button>
        </div>
      ) : null}

      {schema.data ? (
        <>
          <p aria-live="polite" className="text-xs text-zinc-500">
            {searching
              ? `${total} ${total === 1 ? 'table matches' : 'tables match'} “${deferredSearch.trim()}”`
              : `${total} ${total === 1 ? 'table' : 'tables'}`}
          </p>
          {total > 0 ? (
            <SchemaTree
              key={deferredSearch}
              groups={groups}
              search={deferredSearch}
              openTables={openTables}
              onToggleTable={toggleTable}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

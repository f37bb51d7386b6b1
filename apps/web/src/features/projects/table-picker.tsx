import type { ProjectTable } from '@querent/contracts';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { qualifiedName } from '../schema/filter-schema.ts';
import { ROWS_PER_PAGE } from '../schema/schema-tree.tsx';
import { useSchema } from '../schema/use-schema.ts';
import { PickerRows } from './picker-rows.tsx';
import { keyOf, missingTables, pickerGroups } from './table-selection.ts';

/** The table the server blamed (`tables[n]`) and its message. */
export interface TableError {
  key: string;
  message: string;
}

/**
 * Checkboxes over the tables of one database, with a search and "select all" per schema. Large
 * schemas draw only the first lines and a "Show more".
 */
export function TablePicker({
  databaseId,
  selection,
  error,
  disabled,
  onChange,
}: {
  databaseId: string;
  selection: readonly ProjectTable[];
  error: TableError | null;
  disabled: boolean;
  onChange: (selection: ProjectTable[]) => void;
}) {
  const { schema } = useSchema({ kind: 'database', id: databaseId });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const searchId = useId();

  const groups = useMemo(
    () => (schema.data ? pickerGroups(schema.data, deferredSearch) : []),
    [schema.data, deferredSearch],
  );
  const missing = useMemo(
    () => (schema.data ? missingTables(schema.data, selection) : []),
    [schema.data, selection],
  );
  const selectedKeys = useMemo(() => new Set(selection.map(keyOf)), [selection]);
  const total = schema.data?.schemas.reduce((sum, item) => sum + item.tables.length, 0) ?? 0;

  return (
    <fieldset disabled={disabled} className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Tables</legend>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        The assistant sees only these tables when the project is the context.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}

      {schema.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the tables of this database…
        </p>
      ) : null}
      {schema.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not read the tables: {errorMessage(schema.error)}
        </p>
      ) : null}

      {schema.data ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <div className="relative min-w-48 flex-1">
              <Search size={14} aria-hidden="true" className="absolute top-2.5 left-2.5 text-zinc-400" />
              <label htmlFor={searchId} className="sr-only">
                Search tables
              </label>
              <input
                id={searchId}
                type="search"
                value={search}
                placeholder="Search tables"
                onChange={(event) => setSearch(event.target.value)}
                className={`${inputClass} pl-8`}
              />
            </div>
            <span aria-live="polite" className="text-xs text-zinc-500">
              {selection.length} of {total} selected
            </span>
            {selection.length > 0 ? (
              <button type="button" className={secondaryButtonClass} onClick={() => onChange([])}>
                Clear
              </button>
            ) : null}
          </div>

          {missing.length > 0 ? (
            <div className="rounded-md border border-amber-300 p-3 text-sm dark:border-amber-800">
              <p className="font-medium">Not found in the database any more</p>
              <ul className="mt-1 flex flex-col gap-1">
                {missing.map((table) => (
                  <li key={keyOf(table)} className="flex items-center gap-2">
                    <span className="font-mono text-xs">{qualifiedName(table.schema, table.table)}</span>
                    <button
                      type="button"
                      className="text-xs text-indigo-600 underline dark:text-indigo-400"
                      onClick={() => onChange(selection.filter((item) => keyOf(item) !== keyOf(table)))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {groups.length === 0 ? (
            <p className="text-sm text-zinc-500">
              {deferredSearch.trim() ? 'No table matches.' : 'This database has no tables.'}
            </p>
          ) : (
            <PickerRows
              key={deferredSearch}
              groups={groups}
              selection={selection}
              selectedKeys={selectedKeys}
              errorKey={error?.key ?? null}
              search={deferredSearch}
              pageSize={ROWS_PER_PAGE}
              onChange={onChange}
            />
          )}
        </>
      ) : null}
    </fieldset>
  );
}

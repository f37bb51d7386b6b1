import { quoteIdentifier, type SchemaInfo } from '@querent/contracts';
import { ChevronDown, ChevronRight, Columns3, Search, Table2 } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { inputClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { filterSchema, type TableMatch, tableKey } from '../schema/filter-schema.ts';
import type { EngineSyntax } from './sql-dialects.ts';

/** Lines drawn at most; a search narrows a schema of thousands of tables down to what matters. */
const MAX_TABLES = 300;

function TableItem({
  match,
  qualified,
  open,
  onToggle,
  onInsert,
  syntax,
}: {
  match: TableMatch;
  qualified: boolean;
  open: boolean;
  onToggle: () => void;
  onInsert: (text: string) => void;
  syntax: EngineSyntax;
}) {
  const { table, schema } = match;
  const name = quoteIdentifier(table.name, syntax);
  const insertText = qualified ? `${quoteIdentifier(schema, syntax)}.${name}` : name;
  const columns = open ? table.columns : match.columns;
  return (
    <li>
      <div className="group flex items-center gap-1 rounded px-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
        <button
          type="button"
          aria-label={`${open ? 'Hide' : 'Show'} columns of ${table.name}`}
          aria-expanded={open}
          onClick={onToggle}
          className="rounded p-0.5 text-zinc-500"
        >
          {open ? (
            <ChevronDown size={14} aria-hidden="true" />
          ) : (
            <ChevronRight size={14} aria-hidden="true" />
          )}
        </button>
        <button
          type="button"
          title={`Insert ${insertText}`}
          onClick={() => onInsert(insertText)}
          className="flex min-w-0 flex-1 items-center gap-1.5 py-0.5 text-left text-sm"
        >
          <Table2 size={13} aria-hidden="true" className="shrink-0 text-zinc-400" />
          <span className="truncate">{qualified ? `${schema}.${table.name}` : table.name}</span>
          {table.kind === 'view' ? <span className="text-xs text-zinc-400">view</span> : null}
        </button>
      </div>
      {columns.length > 0 ? (
        <ul aria-label={`Columns of ${table.name}`} className="ml-6 flex flex-col">
          {columns.map((column) => (
            <li key={column.name}>
              <button
                type="button"
                title={`Insert ${column.name}`}
                onClick={() => onInsert(quoteIdentifier(column.name, syntax))}
                className="flex w-full min-w-0 items-center gap-1.5 rounded px-1 py-0.5 text-left text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <Columns3 size={12} aria-hidden="true" className="shrink-0 text-zinc-400" />
                <span className="truncate">{column.name}</span>
                <span className="ml-auto shrink-0 text-zinc-400">{column.type}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The database's tables and columns beside the editor: a search over names, and a click inserts
 * the name (quoted if the engine needs it) at the cursor.
 */
export function SchemaPanel({
  schema,
  loading,
  error,
  syntax,
  onInsert,
}: {
  schema: SchemaInfo | undefined;
  loading: boolean;
  error: unknown;
  syntax: EngineSyntax;
  onInsert: (text: string) => void;
}) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();
  const groups = useMemo(() => (schema ? filterSchema(schema, deferred) : []), [schema, deferred]);
  const qualify = (schemaName: string) =>
    schemaName !== '' && (schema?.schemas.length ?? 0) > 1 && !syntax.defaultSchemas.includes(schemaName);
  const matches = groups.flatMap((group) => group.tables);
  const shown = matches.slice(0, MAX_TABLES);

  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section aria-label="Schema" className="flex min-h-0 flex-col gap-2">
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
      {loading ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the schema…
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not read the schema: {errorMessage(error)}
        </p>
      ) : null}
      {schema && matches.length === 0 ? <p className="text-sm text-zinc-500">No table matches.</p> : null}
      <ul aria-label="Tables" className="flex min-h-0 flex-col overflow-y-auto">
        {shown.map((match) => {
          const key = tableKey(match.schema, match.table.name);
          return (
            <TableItem
              key={key}
              match={match}
              qualified={qualify(match.schema)}
              open={open.has(key)}
              onToggle={() => toggle(key)}
              onInsert={onInsert}
              syntax={syntax}
            />
          );
        })}
      </ul>
      {matches.length > shown.length ? (
        <p className="text-xs text-zinc-500">
          {matches.length - shown.length} more tables: refine the search to see them.
        </p>
      ) : null}
    </section>
  );
}

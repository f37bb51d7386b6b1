import type { ProjectTable } from '@querent/contracts';
import { useEffect, useRef, useState } from 'react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { Highlight } from '../schema/highlight.tsx';
import { keyOf, type PickerGroup, setTables, toggleTable } from './table-selection.ts';

type Row = { kind: 'schema'; group: PickerGroup } | { kind: 'table'; table: ProjectTable };

function SchemaCheckbox({
  group,
  selectedKeys,
  onToggle,
}: {
  group: PickerGroup;
  selectedKeys: ReadonlySet<string>;
  onToggle: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = group.tables.filter((table) => selectedKeys.has(keyOf(table))).length;
  const all = chosen === group.tables.length;
  // "Some but not all" has no HTML attribute; it is a property only.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <label className="flex items-center gap-2 pt-2 text-sm font-medium">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        onChange={(event) => onToggle(event.target.checked)}
        className="size-4 accent-indigo-600"
      />
      Select all in {group.schema || 'the database'}
      <span className="font-normal text-zinc-500">
        ({chosen}/{group.tables.length})
      </span>
    </label>
  );
}

/** The checkbox lines, cut after `pageSize` lines with a "Show more"; mounted anew per search. */
export function PickerRows({
  groups,
  selection,
  selectedKeys,
  errorKey,
  search,
  pageSize,
  onChange,
}: {
  groups: readonly PickerGroup[];
  selection: readonly ProjectTable[];
  selectedKeys: ReadonlySet<string>;
  errorKey: string | null;
  search: string;
  pageSize: number;
  onChange: (selection: ProjectTable[]) => void;
}) {
  const [limit, setLimit] = useState(pageSize);
  const rows: Row[] = [];
  for (const group of groups) {
    rows.push({ kind: 'schema', group });
    for (const table of group.tables) rows.push({ kind: 'table', table });
  }
  const visible = rows.slice(0, limit);
  const hidden = rows.length - visible.length;

  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Tables to include" className="flex max-h-[32rem] flex-col overflow-y-auto">
        {visible.map((row) => {
          if (row.kind === 'schema') {
            return (
              <li key={`schema:${row.group.schema}`}>
                <SchemaCheckbox
                  group={row.group}
                  selectedKeys={selectedKeys}
                  onToggle={(on) => onChange(setTables(selection, row.group.tables, on))}
                />
              </li>
            );
          }
          const key = keyOf(row.table);
          const blamed = key === errorKey;
          return (
            <li key={key} className="pl-6">
              <label
                className={`flex items-center gap-2 rounded px-1 py-0.5 text-sm ${blamed ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300' : ''}`}
              >
                <input
                  type="checkbox"
                  checked={selectedKeys.has(key)}
                  aria-invalid={blamed || undefined}
                  onChange={() => onChange(toggleTable(selection, row.table))}
                  className="size-4 accent-indigo-600"
                />
                <span className="font-mono text-xs">
                  <Highlight text={row.table.table} search={search} />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          onClick={() => setLimit((current) => current + pageSize)}
        >
          Show more ({hidden} more)
        </button>
      ) : null}
    </div>
  );
}

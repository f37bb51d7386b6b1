import { ChevronDown, ChevronRight, Layers } from 'lucide-react';
import { useState } from 'react';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { type SchemaGroup, type TableMatch, tableKey } from './filter-schema.ts';
import { TableNode } from './table-node.tsx';

/** Lines drawn at first and added by each "Show more": enough to scan, cheap with 5,000 tables. */
export const ROWS_PER_PAGE = 200;

type Row = { kind: 'schema'; group: SchemaGroup; open: boolean } | { kind: 'table'; match: TableMatch };

/**
 * The schemas and their tables as one flat list of lines, cut after `limit` lines. Schemas are
 * open when there is only one or while searching, unless the user toggled them.
 */
function buildRows(
  groups: readonly SchemaGroup[],
  searching: boolean,
  toggledSchemas: ReadonlyMap<string, boolean>,
): Row[] {
  const rows: Row[] = [];
  const openByDefault = searching || groups.length === 1;
  for (const group of groups) {
    const open = toggledSchemas.get(group.name) ?? openByDefault;
    rows.push({ kind: 'schema', group, open });
    if (open) for (const match of group.tables) rows.push({ kind: 'table', match });
  }
  return rows;
}

/** Mounted anew for each search (by key), so the "Show more" count starts over. */
export function SchemaTree({
  groups,
  search,
  openTables,
  onToggleTable,
}: {
  groups: readonly SchemaGroup[];
  search: string;
  openTables: ReadonlySet<string>;
  onToggleTable: (key: string) => void;
}) {
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const [toggledSchemas, setToggledSchemas] = useState<ReadonlyMap<string, boolean>>(new Map());
  const rows = buildRows(groups, search.trim() !== '', toggledSchemas);
  const visible = rows.slice(0, limit);
  const hidden = rows.length - visible.length;
  // Engines without schemas (SQLite) have one unnamed schema; its header would say nothing.
  const single = groups.length === 1 && groups[0]?.name === '';

  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Schema" className="flex flex-col">
        {visible.map((row) => {
          if (row.kind === 'schema') {
            if (single) return null;
            return (
              <li key={`schema:${row.group.name}`} className="pt-1">
                <button
                  type="button"
                  aria-expanded={row.open}
                  onClick={() =>
                    setToggledSchemas((current) => new Map(current).set(row.group.name, !row.open))
                  }
                  className="flex items-center gap-1.5 rounded px-1 py-0.5 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
                >
                  {row.open ? (
                    <ChevronDown size={14} aria-hidden="true" />
                  ) : (
                    <ChevronRight size={14} aria-hidden="true" />
                  )}
                  <Layers size={14} aria-hidden="true" className="text-zinc-500" />
                  {row.group.name || '(default)'}
                  <span className="font-normal text-zinc-500">({row.group.tables.length})</span>
                </button>
              </li>
            );
          }
          const key = tableKey(row.match.schema, row.match.table.name);
          return (
            <TableNode
              key={key}
              match={row.match}
              open={openTables.has(key)}
              indented={!single}
              search={search}
              onToggle={() => onToggleTable(key)}
            />
          );
        })}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          onClick={() => setLimit((current) => current + ROWS_PER_PAGE)}
        >
          Show more ({hidden} more)
        </button>
      ) : null}
    </div>
  );
}

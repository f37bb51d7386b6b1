import { ChevronDown, ChevronRight, Eye, Table2 } from 'lucide-react';
import { ColumnList } from './column-list.tsx';
import type { TableMatch } from './filter-schema.ts';
import { formatRowEstimate } from './format-schema.ts';
import { Highlight } from './highlight.tsx';

const MATCHED_COLUMNS_SHOWN = 5;

/**
 * One table or view. Closed, it costs one line; its columns are drawn only when opened, or, while
 * searching, the columns that matched.
 */
export function TableNode({
  match,
  open,
  indented,
  search,
  onToggle,
}: {
  match: TableMatch;
  open: boolean;
  /** Under a schema heading; engines without schemas list tables at the top level. */
  indented: boolean;
  search: string;
  onToggle: () => void;
}) {
  const { table } = match;
  const Icon = table.kind === 'view' ? Eye : Table2;
  const rows = formatRowEstimate(table.rowEstimate);
  const description = table.comment ?? table.dbtDescription;
  const dbtExtra =
    table.dbtDescription && table.dbtDescription !== table.comment ? table.dbtDescription : null;
  // Closed tables list only matching columns, and only a few: a search like "id" matches everywhere.
  const shownColumns = open ? table.columns : match.columns.slice(0, MATCHED_COLUMNS_SHOWN);
  const moreMatches = open ? 0 : match.columns.length - shownColumns.length;
  return (
    <li data-testid="schema-table" className={indented ? 'py-0.5 pl-4' : 'py-0.5'}>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          aria-expanded={open}
          onClick={onToggle}
          className="flex min-w-0 items-center gap-1.5 rounded px-1 py-0.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          {open ? (
            <ChevronDown size={14} aria-hidden="true" className="shrink-0" />
          ) : (
            <ChevronRight size={14} aria-hidden="true" className="shrink-0" />
          )}
          <Icon size={14} aria-hidden="true" className="shrink-0 text-zinc-500" />
          <span className="truncate font-mono text-xs">
            <Highlight text={table.name} search={search} />
          </span>
        </button>
        {table.kind === 'view' ? <span className="text-[10px] text-zinc-500 uppercase">view</span> : null}
        {rows ? <span className="shrink-0 text-xs text-zinc-500">{rows}</span> : null}
      </div>
      {description ? (
        <p className="ml-7 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{description}</p>
      ) : null}
      {open && dbtExtra && dbtExtra !== description ? (
        <p className="ml-7 text-xs text-zinc-600 dark:text-zinc-400">dbt: {dbtExtra}</p>
      ) : null}
      {shownColumns.length > 0 ? <ColumnList table={table} columns={shownColumns} search={search} /> : null}
      {moreMatches > 0 ? (
        <p className="ml-9 text-xs text-zinc-500">
          and {moreMatches} more matching {moreMatches === 1 ? 'column' : 'columns'}; open the table to see
          all
        </p>
      ) : null}
    </li>
  );
}

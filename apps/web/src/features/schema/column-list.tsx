import type { ColumnInfo, TableInfo } from '@querent/contracts';
import { KeyRound, Link2 } from 'lucide-react';
import { Highlight } from './highlight.tsx';
import { qualifiedName } from './filter-schema.ts';

function referenceOf(table: TableInfo, column: string): string | null {
  const key = table.foreignKeys.find((foreignKey) => foreignKey.columns.includes(column));
  if (!key) return null;
  const { schema, table: target, columns } = key.references;
  return `${qualifiedName(schema, target)} (${columns.join(', ')})`;
}

function ColumnRow({ table, column, search }: { table: TableInfo; column: ColumnInfo; search: string }) {
  const isPrimary = table.primaryKey.includes(column.name);
  const reference = referenceOf(table, column.name);
  // The contract fills `comment` from dbt when the database has none; show dbt's text only when it adds something.
  const dbtExtra =
    column.dbtDescription && column.dbtDescription !== column.comment ? column.dbtDescription : null;
  return (
    <li className="flex flex-col gap-0.5 py-1" data-testid="schema-column">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="font-mono text-xs font-medium">
          <Highlight text={column.name} search={search} />
        </span>
        <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{column.type}</span>
        {isPrimary ? (
          <span
            className="inline-flex items-center gap-0.5 rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-300"
            title="Primary key"
          >
            <KeyRound size={10} aria-hidden="true" /> PK
          </span>
        ) : null}
        {reference ? (
          <span
            className="inline-flex items-center gap-0.5 rounded bg-sky-100 px-1 text-[10px] font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-300"
            title={`References ${reference}`}
          >
            <Link2 size={10} aria-hidden="true" /> FK
            <span className="sr-only"> to {reference}</span>
          </span>
        ) : null}
        <span className="text-[10px] text-zinc-400 uppercase">{column.nullable ? 'null' : 'not null'}</span>
      </div>
      {column.comment ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{column.comment}</p> : null}
      {dbtExtra ? <p className="text-xs text-zinc-600 dark:text-zinc-400">dbt: {dbtExtra}</p> : null}
    </li>
  );
}

/** Columns of one table; only drawn for tables the user opened or whose columns match the search. */
export function ColumnList({
  table,
  columns,
  search,
}: {
  table: TableInfo;
  columns: readonly ColumnInfo[];
  search: string;
}) {
  return (
    <ul className="ml-6 divide-y divide-zinc-100 border-l border-zinc-200 pl-3 dark:divide-zinc-800 dark:border-zinc-800">
      {columns.map((column) => (
        <ColumnRow key={column.name} table={table} column={column} search={search} />
      ))}
    </ul>
  );
}

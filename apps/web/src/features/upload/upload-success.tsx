import { MessageSquare, SquareTerminal } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import type { UploadResult } from '@querent/contracts';

/** What was made, and the two places to go next; the database is already the selected context. */
export function UploadSuccess({ result }: { result: UploadResult }) {
  const { table, database } = result;
  return (
    <section
      aria-label="Upload result"
      className="flex flex-col gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <p className="text-sm">
        Table <strong className="font-mono">{table.name}</strong> is ready in <strong>{database.name}</strong>
        : {table.rows.toLocaleString('en-US')} {table.rows === 1 ? 'row' : 'rows'}, {table.columns.length}{' '}
        {table.columns.length === 1 ? 'column' : 'columns'}.
      </p>
      <ul aria-label="Columns" className="flex flex-wrap gap-1.5 text-xs">
        {table.columns.map((column) => (
          <li
            key={column.name}
            className="rounded border border-emerald-200 bg-white px-1.5 py-0.5 dark:border-emerald-900 dark:bg-zinc-900"
          >
            <span className="font-mono">{column.name}</span>{' '}
            <span className="text-zinc-500 dark:text-zinc-400">{column.type.toLowerCase()}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Link to="/chat/new" className={buttonClass}>
          <MessageSquare size={16} aria-hidden="true" /> Ask about it
        </Link>
        <Link to="/editor" className={secondaryButtonClass}>
          <SquareTerminal size={16} aria-hidden="true" /> Open in editor
        </Link>
      </div>
    </section>
  );
}

import { formatNumber, numberKindOf } from '@querent/contracts';
import { Link } from 'react-router';
import type { Issue } from '../../api/types.ts';
import { linkClass } from '../../components/page.tsx';
import { readerLocale } from '../../lib/reader-locale.ts';
import { editorLinkFor } from '../editor/editor-link.ts';

/** Numbers read as in the results grid, by their column's name; text only when it is blank is quoted. */
function cellText(value: unknown, column: string): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value === '' || value.trim() === '' ? `“${value}”` : value;
  if (typeof value === 'number')
    return formatNumber(value, numberKindOf({ name: column }), readerLocale()) ?? String(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What a check found, to see for oneself: the SQL that lists every failing row (opened in the
 * editor in one click) and the few rows the last run kept.
 */
export function IssueEvidence({ issue }: { issue: Issue }) {
  const evidence = issue.evidence;
  if (!evidence) return null;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Evidence</summary>
      <div className="mt-2 flex flex-col gap-2">
        <pre className="overflow-x-auto rounded bg-zinc-100 p-2 whitespace-pre-wrap dark:bg-zinc-900">
          {evidence.sql}
        </pre>
        <Link to={editorLinkFor(evidence.sql, issue.databaseId)} className={`${linkClass} self-start`}>
          Open in the editor
        </Link>
        {evidence.rows.length > 0 ? (
          <table aria-label={`Failing rows of ${issue.title}`} className="w-max text-left">
            <thead>
              <tr>
                {evidence.columns.map((column) => (
                  <th
                    key={column}
                    className="border-b border-zinc-200 px-2 py-1 font-medium dark:border-zinc-800"
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {evidence.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity of their own
                <tr key={index}>
                  {row.map((cell, position) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's
                    <td key={position} className="px-2 py-0.5 font-mono">
                      {cellText(cell, evidence.columns[position] ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </details>
  );
}

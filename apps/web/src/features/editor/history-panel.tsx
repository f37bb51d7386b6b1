import type { QueryHistoryItem } from '../../api/query-types.ts';
import { formatDuration } from '../../components/results-grid/result-summary.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useQueryHistory } from '../queries/use-query-history.ts';
import { formatAge } from '../schema/format-schema.ts';

const countFormat = new Intl.NumberFormat('en-US');

function outcome(item: QueryHistoryItem): string {
  if (item.error) return 'failed';
  const rows =
    item.count === null ? 'rows' : `${countFormat.format(item.count)} ${item.count === 1 ? 'row' : 'rows'}`;
  return `${item.truncated ? 'first ' : ''}${rows}${item.durationMs === null ? '' : ` · ${formatDuration(item.durationMs)}`}`;
}

/** The user's recent runs on this database; picking one puts its SQL in the editor. */
export function HistoryPanel({
  databaseId,
  onLoad,
}: {
  databaseId: string | null;
  onLoad: (sql: string) => void;
}) {
  const history = useQueryHistory(databaseId);
  if (!databaseId) return <p className="text-sm text-zinc-500">No database selected</p>;
  if (history.isPending) {
    return (
      <p role="status" className="text-sm text-zinc-500">
        Loading the history…
      </p>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        Could not load the history: {errorMessage(history.error)}
      </p>
    );
  }
  if (history.data.length === 0) return <p className="text-sm text-zinc-500">Queries you run appear here.</p>;
  return (
    <ul aria-label="Query history" className="flex min-h-0 flex-col gap-1 overflow-y-auto">
      {history.data.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onClick={() => onLoad(item.sql)}
            title="Put this SQL in the editor"
            className="flex w-full flex-col gap-0.5 rounded-md border border-transparent px-2 py-1.5 text-left hover:border-zinc-200 hover:bg-zinc-50 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
          >
            <code className="line-clamp-2 font-mono text-xs break-all whitespace-pre-wrap">{item.sql}</code>
            <span
              className={`text-xs ${item.error ? 'text-red-700 dark:text-red-400' : 'text-zinc-500'}`}
              title={item.error ?? undefined}
            >
              {formatAge(item.ranAt)} · {outcome(item)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

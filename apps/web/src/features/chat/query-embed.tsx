import type { ChatQuery } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { ResultTable, type ResultTableData } from './result-table.tsx';

function QueryError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 dark:bg-red-950 dark:text-red-300"
    >
      {message}
    </p>
  );
}

/** The rows came with the conversation: drawn at once. */
export function QueryResult({ query }: { query: ChatQuery }) {
  if (query.error) return <QueryError message={query.error} />;
  if (!query.columns || !query.rows) {
    return <p className="text-xs text-zinc-500">Not run yet.</p>;
  }
  return (
    <ResultTable
      data={{
        columns: query.columns,
        rows: query.rows,
        count: query.count,
        truncated: query.truncated,
        durationMs: query.durationMs,
      }}
    />
  );
}

/** An answer cites a result the loaded messages do not carry: its stored rows are fetched. */
function FetchedQueryResult({ id }: { id: string }) {
  const { api } = useServices();
  const results = useQuery({
    queryKey: queryKeys.savedQueryResults(id),
    queryFn: () => api.queries.results(id),
  });
  if (results.isPending)
    return <div role="status" className="h-24 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800" />;
  if (results.isError)
    return <QueryError message={errorMessage(results.error, 'Could not load the result')} />;
  if (results.data.error) return <QueryError message={results.data.error} />;
  const data: ResultTableData = {
    columns: results.data.columns,
    rows: results.data.rows,
    count: results.data.count,
    truncated: results.data.truncated,
    durationMs: results.data.durationMs,
  };
  return <ResultTable data={data} />;
}

export function QueryEmbed({ id, query }: { id: string; query: ChatQuery | undefined }) {
  return query ? <QueryResult query={query} /> : <FetchedQueryResult id={id} />;
}

import { useLoaderData, useSearchParams } from 'react-router';
import { EditorScreen } from '../features/editor/editor-screen.tsx';
import type { EditorLoaderData } from '../features/queries/load-saved-query.ts';

/**
 * /editor and /query/{id} (the saved query is loaded before entering). A lazy chunk: CodeMirror,
 * the results grid and the chart builder load with it, never with the chat page.
 * `?chart={id}` opens that stored chart (the user's or the agent's) in the chart builder;
 * `?sql=…&database={id}` opens that SQL as a new query on that database (an issue's evidence).
 */
export function EditorPage() {
  const data = useLoaderData<EditorLoaderData | null>();
  const [params] = useSearchParams();
  const sql = params.get('sql');
  return (
    <EditorScreen
      loaded={data?.query ?? null}
      chartId={params.get('chart')}
      opened={sql === null ? null : { sql, databaseId: params.get('database') }}
    />
  );
}

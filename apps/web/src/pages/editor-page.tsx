import { useId, useState } from 'react';
import { useLoaderData } from 'react-router';
import { LazyChart } from '../components/chart/lazy-chart.tsx';
import type { ChartPoint } from '../components/chart/chart-view.tsx';
import { EmptyState, Page } from '../components/page.tsx';
import type { EditorLoaderData } from '../features/queries/load-saved-query.ts';

/**
 * /editor and /query/{id}. A plain text area stands in for CodeMirror until the editor issue;
 * this file is a lazy chunk so that heavier editor code never weighs on the chat page.
 */
export function EditorPage() {
  const data = useLoaderData<EditorLoaderData | null>();
  const query = data?.query ?? null;
  // Keyed by the query id below, so moving to another saved query starts from its own text.
  return (
    <EditorForm key={query?.id ?? 'new'} initialTitle={query?.title ?? ''} initialSql={query?.sql ?? ''} />
  );
}

function EditorForm({ initialTitle, initialSql }: { initialTitle: string; initialSql: string }) {
  const [title, setTitle] = useState(initialTitle);
  const [sql, setSql] = useState(initialSql);
  const [chartPoints] = useState<ChartPoint[]>([]);
  const titleId = useId();
  const sqlId = useId();

  return (
    <Page title="SQL editor">
      <div className="flex flex-col gap-2">
        <label htmlFor={titleId} className="text-sm font-medium">
          Title
        </label>
        <input
          id={titleId}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Untitled query"
          className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <label htmlFor={sqlId} className="text-sm font-medium">
          SQL
        </label>
        <textarea
          id={sqlId}
          value={sql}
          onChange={(event) => setSql(event.target.value)}
          spellCheck={false}
          rows={10}
          placeholder="SELECT …"
          className="rounded-md border border-zinc-300 bg-white p-2 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
      </div>
      {chartPoints.length > 0 ? (
        <LazyChart points={chartPoints} />
      ) : (
        <EmptyState>Run a query to see its results.</EmptyState>
      )}
    </Page>
  );
}

import { LoaderCircle, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Chart, ResultData } from '../../api/query-types.ts';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { formatDuration } from '../../components/results-grid/result-summary.tsx';
import { ResultsGrid } from '../../components/results-grid/results-grid.tsx';
import { ChartBuilder } from '../charts/chart-builder.tsx';
import type { RunState } from '../queries/use-query-runner.ts';
import { formatAge } from '../schema/format-schema.ts';

export type ResultsTab = 'results' | 'chart';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{formatDuration(Math.max(0, now - since))}</span>;
}

/** What is shown under the editor: the latest run (or the saved query's last result) as grid or chart. */
export interface ShownResult {
  data: ResultData;
  /** The query record charts attach to. */
  queryId: string | null;
  /** When the stored result was made (a saved query's last run), to say it is not fresh. */
  ranAt?: string | null;
}

export function ResultsPanel({
  run,
  shown,
  storedError,
  loadingStored,
  tab,
  onTab,
  chart,
  chartPending = false,
  onCancel,
}: {
  run: RunState;
  shown: ShownResult | null;
  /** The saved query's last run failed with this message. */
  storedError?: string | null;
  loadingStored?: boolean;
  tab: ResultsTab;
  onTab: (tab: ResultsTab) => void;
  /** A stored chart to open in the builder (?chart= in the address). */
  chart: Chart | null;
  /** The stored chart asked for is still loading: the builder waits for its settings. */
  chartPending?: boolean;
  onCancel: () => void;
}) {
  if (run.status === 'running') {
    return (
      <div role="status" className="flex items-center gap-3 p-4 text-sm">
        <LoaderCircle size={16} aria-hidden="true" className="animate-spin" />
        <span>
          Running… <Elapsed since={run.startedAt} />
        </span>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          <Square size={12} aria-hidden="true" />
          Cancel
        </button>
      </div>
    );
  }
  const error = run.status === 'error' ? run.error : run.status === 'idle' ? (storedError ?? null) : null;
  if (error) {
    return (
      <div
        role="alert"
        className="m-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-medium">Query error</p>
        <pre className="mt-1 font-mono text-xs whitespace-pre-wrap">{error}</pre>
      </div>
    );
  }
  if (run.status === 'cancelled')
    return <p className="p-4 text-sm text-zinc-500">The query was cancelled.</p>;
  if (loadingStored) {
    return (
      <p role="status" className="p-4 text-sm text-zinc-500">
        Loading the last result…
      </p>
    );
  }
  if (!shown) {
    return (
      <p className="p-4 text-sm text-zinc-500">
        Run a query to see its results. Ctrl/Cmd+Enter runs the statement under the cursor (or the selection).
      </p>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <div role="tablist" aria-label="Result view" className="flex gap-1">
          {(['results', 'chart'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              onClick={() => onTab(name)}
              className={`rounded-md px-3 py-1 text-sm font-medium ${
                tab === name
                  ? 'bg-zinc-200 dark:bg-zinc-800'
                  : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-900'
              }`}
            >
              {name === 'results' ? 'Results' : 'Chart'}
            </button>
          ))}
        </div>
        {shown.ranAt && run.status === 'idle' ? (
          <span className="text-xs text-zinc-500">Last run {formatAge(shown.ranAt)}</span>
        ) : null}
      </div>
      {tab === 'results' ? (
        <ResultsGrid
          columns={shown.data.columns}
          rows={shown.data.rows}
          count={shown.data.count}
          truncated={shown.data.truncated}
          durationMs={shown.data.durationMs ?? null}
        />
      ) : chartPending ? (
        <p role="status" className="p-4 text-sm text-zinc-500">
          Loading the chart…
        </p>
      ) : (
        <div role="tabpanel" aria-label="Chart" className="min-h-0 flex-1 overflow-y-auto">
          <ChartBuilder
            // A new run of the same columns keeps the settings; other columns start a new chart.
            key={chart?.id ?? shown.data.columns.map((column) => column.name).join('\u0000')}
            data={shown.data}
            queryId={chart?.queryId ?? shown.queryId}
            chart={chart}
          />
        </div>
      )}
    </div>
  );
}

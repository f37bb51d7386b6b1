import {
  type ChatChart,
  type ChatQuery,
  chartTypes,
  type ResultColumn,
  type ResultRow,
} from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ChartConfig, ChartType } from '../../api/query-types.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { LazyChart } from '../../components/chart/lazy-chart.tsx';

/** A message carries the chart's config as stored JSON; only a well-formed one is drawn. */
export function toChartConfig(config: Record<string, unknown>): ChartConfig | null {
  const { type, x, y, series } = config;
  if (typeof type !== 'string' || !chartTypes.includes(type as ChartType)) return null;
  if (typeof x !== 'string' || !Array.isArray(y) || y.length === 0) return null;
  if (!y.every((item): item is string => typeof item === 'string')) return null;
  return { type: type as ChartType, x, y, series: typeof series === 'string' ? series : null };
}

function Placeholder() {
  return <div role="status" className="h-48 animate-pulse rounded-md bg-zinc-100 dark:bg-zinc-800" />;
}

function ChartFrame({
  title,
  config,
  columns,
  rows,
}: {
  title: string;
  config: ChartConfig | null;
  columns: ResultColumn[];
  rows: ResultRow[];
}) {
  return (
    <figure
      data-testid="chat-chart"
      className="flex flex-col gap-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <figcaption className="text-xs font-medium">{title}</figcaption>
      {config ? (
        <LazyChart config={config} data={{ columns, rows }} height={280} label={title} />
      ) : (
        <p className="text-xs text-zinc-500">This chart’s settings cannot be drawn.</p>
      )}
    </figure>
  );
}

/** A chart an answer cites, drawn over its query's rows (from the conversation, else fetched). */
export function ChartEmbed({
  id,
  chart,
  queries,
}: {
  id: string;
  chart: ChatChart | undefined;
  queries: Map<string, ChatQuery>;
}) {
  const { api } = useServices();
  const stored = useQuery({
    queryKey: queryKeys.chart(id),
    queryFn: () => api.charts.get(id),
    enabled: chart === undefined,
  });
  const title = chart?.title ?? stored.data?.title ?? '';
  const queryId = chart?.queryId ?? stored.data?.queryId ?? '';
  const known = queries.get(queryId);
  const knownData = known?.rows && known.columns ? { rows: known.rows, columns: known.columns } : null;
  const results = useQuery({
    queryKey: queryKeys.savedQueryResults(queryId),
    queryFn: () => api.queries.results(queryId),
    enabled: queryId !== '' && knownData === null,
  });
  if (stored.isError || results.isError) {
    return (
      <p role="alert" className="text-xs text-red-700 dark:text-red-400">
        Could not load the chart.
      </p>
    );
  }
  const data =
    knownData ?? (results.data ? { rows: results.data.rows, columns: results.data.columns } : null);
  const config = chart ? toChartConfig(chart.config) : stored.data ? { ...stored.data.config } : null;
  if (queryId === '' || !data) return <Placeholder />;
  return <ChartFrame title={title} config={config} columns={data.columns} rows={data.rows} />;
}

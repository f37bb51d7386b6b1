import { ExternalLink, Play, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { FavoriteChart } from '../../api/query-types.ts';
import { LazyChart } from '../../components/chart/lazy-chart.tsx';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { linkClass } from '../../components/page.tsx';
import { useFavorite } from '../queries/use-favorite.ts';
import { useRunAgain } from '../queries/use-run-again.ts';
import { formatAge } from '../schema/format-schema.ts';
import { chartConfigProblem } from './chart-option.ts';

const PREVIEW_HEIGHT = 220;

/** A starred chart drawn from its query's stored last result; it opens in the editor's builder. */
export function FavoriteChartCard({ chart }: { chart: FavoriteChart }) {
  const runAgain = useRunAgain();
  const unstar = useFavorite('chart');
  const editorPath = `/query/${encodeURIComponent(chart.queryId)}?chart=${encodeURIComponent(chart.id)}`;
  const { preview } = chart;
  const problem = preview ? chartConfigProblem(chart.config, preview.columns) : null;

  return (
    <article
      aria-label={chart.title}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <header className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium">
          <Link to={editorPath} className={linkClass}>
            {chart.title}
          </Link>
        </h3>
        <button
          type="button"
          aria-label={`Unstar ${chart.title}`}
          title="Unstar"
          disabled={unstar.isPending}
          onClick={() => unstar.mutate({ id: chart.id, isFavorite: false })}
          className="rounded p-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <Star size={16} aria-hidden="true" className="fill-amber-400 text-amber-500" />
        </button>
      </header>
      {preview && !problem ? (
        <LazyChart config={chart.config} data={preview} height={PREVIEW_HEIGHT} label={chart.title} />
      ) : (
        <p className="rounded-md bg-zinc-50 p-3 text-sm text-zinc-500 dark:bg-zinc-900">
          {problem ?? 'No result to draw yet: run the query again.'}
        </p>
      )}
      <footer className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={runAgain.isPending}
          onClick={() => runAgain.mutate(chart.queryId)}
        >
          <Play size={14} aria-hidden="true" />
          {runAgain.isPending ? 'Running…' : 'Run again'}
        </button>
        <Link to={editorPath} className={secondaryButtonClass}>
          <ExternalLink size={14} aria-hidden="true" />
          Open in editor
        </Link>
        {preview ? (
          <span className="ml-auto text-xs text-zinc-500">Ran {formatAge(preview.ranAt)}</span>
        ) : null}
      </footer>
    </article>
  );
}

import { ExternalLink, FileDown, Play, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { FavoriteQuery } from '../../api/query-types.ts';
import { secondaryButtonClass } from '../../components/form-field.tsx';
import { linkClass } from '../../components/page.tsx';
import { ResultsGrid } from '../../components/results-grid/results-grid.tsx';
import { useServices } from '../../app/services-context.tsx';
import { formatAge } from '../schema/format-schema.ts';
import { downloadExport } from './download-export.ts';
import { UNTITLED_QUERY } from './save-query.ts';
import { useFavorite } from './use-favorite.ts';
import { useRunAgain } from './use-run-again.ts';

const PREVIEW_HEIGHT = 176;

/** A starred query: its SQL, the first rows of its last result, and what can be done with it. */
export function FavoriteQueryCard({ query }: { query: FavoriteQuery }) {
  const { api } = useServices();
  const runAgain = useRunAgain();
  const unstar = useFavorite('query');
  const title = query.title ?? UNTITLED_QUERY;
  const { preview, lastRun } = query;

  return (
    <article
      aria-label={title}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <header className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium">
          <Link to={`/query/${encodeURIComponent(query.id)}`} className={linkClass}>
            {title}
          </Link>
        </h3>
        <button
          type="button"
          aria-label={`Unstar ${title}`}
          title="Unstar"
          disabled={unstar.isPending}
          onClick={() => unstar.mutate({ id: query.id, isFavorite: false })}
          className="rounded p-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <Star size={16} aria-hidden="true" className="fill-amber-400 text-amber-500" />
        </button>
      </header>
      <pre className="line-clamp-3 font-mono text-xs whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">
        {query.sql}
      </pre>
      {preview ? (
        <ResultsGrid
          label={`Last result of ${title}`}
          columns={preview.columns}
          rows={preview.rows}
          count={preview.count}
          truncated={preview.truncated || (preview.count !== null && preview.count > preview.rows.length)}
          height={PREVIEW_HEIGHT}
        />
      ) : (
        <p className="rounded-md bg-zinc-50 p-3 text-sm text-zinc-500 dark:bg-zinc-900">
          {lastRun?.error ? `The last run failed: ${lastRun.error}` : 'Not run yet.'}
        </p>
      )}
      <footer className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={runAgain.isPending}
          onClick={() => runAgain.mutate(query.id)}
        >
          <Play size={14} aria-hidden="true" />
          {runAgain.isPending ? 'Running…' : 'Run again'}
        </button>
        <Link to={`/query/${encodeURIComponent(query.id)}`} className={secondaryButtonClass}>
          <ExternalLink size={14} aria-hidden="true" />
          Open in editor
        </Link>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() =>
            void downloadExport(api, {
              source: { queryId: query.id },
              format: 'csv',
              title,
              expectedRows: preview?.count ?? null,
            })
          }
        >
          <FileDown size={14} aria-hidden="true" />
          CSV
        </button>
        {preview ? (
          <span className="ml-auto text-xs text-zinc-500">Ran {formatAge(preview.ranAt)}</span>
        ) : null}
      </footer>
    </article>
  );
}

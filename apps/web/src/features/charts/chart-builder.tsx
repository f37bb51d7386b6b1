import type { EChartsType } from 'echarts/core';
import { ImageDown, Save, Star } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import type { Chart, ChartConfig, ResultData } from '../../api/query-types.ts';
import { LazyChart } from '../../components/chart/lazy-chart.tsx';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { isDarkTheme, useThemeStore } from '../../stores/theme-store.ts';
import { useFavorite } from '../queries/use-favorite.ts';
import { ShareToggle } from '../sharing/share-toggle.tsx';
import { ChartControls } from './chart-controls.tsx';
import { chartConfigProblem } from './chart-option.ts';
import { exportChartPng } from './export-png.ts';
import { suggestChartConfig } from './suggest-chart-config.ts';
import { useSaveChart } from './use-save-chart.ts';

export interface ChartBuilderProps {
  /** The result to chart (the grid's columns and rows). */
  data: ResultData;
  /** The query record the chart belongs to: a saved query, or the history record of a run. */
  queryId: string | null;
  /** A stored chart to edit: the user's own, or one the agent made (same config). */
  chart?: Chart | null;
  onSaved?: (chart: Chart) => void;
}

/**
 * Turns a result into a chart: type, x, y columns and series; it renders as the settings change,
 * saves with a title (POST, or PUT for the owner's chart), stars, and exports a PNG.
 */
export function ChartBuilder({ data, queryId, chart = null, onSaved }: ChartBuilderProps) {
  const [config, setConfig] = useState<ChartConfig | null>(
    () => chart?.config ?? suggestChartConfig(data.columns, data.rows),
  );
  const [title, setTitle] = useState(chart?.title ?? '');
  const [saved, setSaved] = useState<Chart | null>(chart);
  const [favorite, setFavorite] = useState(chart?.is_favorite ?? false);
  const instance = useRef<EChartsType | null>(null);
  const titleId = useId();
  const dark = isDarkTheme(useThemeStore((state) => state.preference));
  const save = useSaveChart((stored) => {
    setSaved(stored);
    setFavorite(stored.is_favorite);
    onSaved?.(stored);
  });
  const star = useFavorite('chart');

  if (data.columns.length === 0)
    return <p className="text-sm text-zinc-500">Run a query to chart its result.</p>;
  const current = config ?? { type: 'bar' as const, x: data.columns[0]?.name ?? '', y: [], series: null };
  const problem = chartConfigProblem(current, data.columns);
  const effectiveTitle = title.trim() || `${current.y.join(', ')} by ${current.x}`;

  return (
    <section aria-label="Chart builder" className="flex flex-col gap-4">
      <ChartControls config={current} columns={data.columns} onChange={setConfig} />

      {problem ? (
        <p role="alert" className="text-sm text-amber-700 dark:text-amber-400">
          {problem}
        </p>
      ) : (
        <LazyChart
          config={current}
          data={data}
          label={effectiveTitle}
          onReady={(chartInstance) => {
            instance.current = chartInstance;
          }}
        />
      )}

      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ chart: saved, queryId, title: effectiveTitle, config: current });
        }}
      >
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={titleId} className="text-sm font-medium">
            Chart title
          </label>
          <input
            id={titleId}
            value={title}
            placeholder={effectiveTitle}
            onChange={(event) => setTitle(event.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass} disabled={problem !== null || save.isPending}>
          <Save size={14} aria-hidden="true" />
          {save.isPending ? 'Saving…' : saved?.editable ? 'Save chart' : 'Save as chart'}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!saved || star.isPending}
          aria-pressed={favorite}
          title={saved ? undefined : 'Save the chart to star it'}
          onClick={() => {
            if (!saved) return;
            const next = !favorite;
            star.mutate(
              { id: saved.id, isFavorite: next },
              { onSuccess: (state) => setFavorite(state.is_favorite) },
            );
          }}
        >
          <Star
            size={14}
            aria-hidden="true"
            className={favorite ? 'fill-amber-400 text-amber-500' : undefined}
          />
          {favorite ? 'Unstar chart' : 'Star chart'}
        </button>
        {saved ? (
          <ShareToggle
            kind="chart"
            id={saved.id}
            shared={saved.shared}
            canShare={saved.abilities.share}
            refresh={[queryKeys.chart(saved.id)]}
            onChanged={(shared) => setSaved({ ...saved, shared })}
          />
        ) : null}
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={problem !== null}
          onClick={() => {
            if (instance.current) exportChartPng(instance.current, effectiveTitle, dark);
          }}
        >
          <ImageDown size={14} aria-hidden="true" />
          Export PNG
        </button>
      </form>
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chart, ChartConfig } from '../../api/query-types.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { notify } from '../../stores/notifications-store.ts';

export interface SaveChartInput {
  /** The chart being edited when its owner saves it again; otherwise a new chart is made. */
  chart: Pick<Chart, 'id' | 'editable'> | null;
  queryId: string | null;
  title: string;
  config: ChartConfig;
}

/** POST /api/charts for a new chart (or a copy of someone else's), PUT /api/charts/{id} for one's own. */
export function useSaveChart(onSaved?: (chart: Chart) => void) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chart, queryId, title, config }: SaveChartInput) => {
      if (chart?.editable) return api.charts.update(chart.id, { title, config });
      if (!queryId) throw new Error('Run the query before saving a chart of it');
      return api.charts.create({ queryId, title, config });
    },
    onSuccess: (chart) => {
      queryClient.setQueryData(queryKeys.chart(chart.id), chart);
      void queryClient.invalidateQueries({ queryKey: queryKeys.favoritesRoot });
      notify({ group: 'charts', type: 'success', title: 'Chart saved', text: chart.title });
      onSaved?.(chart);
    },
    onError: (error) =>
      notify({
        group: 'charts',
        type: 'error',
        title: 'Could not save the chart',
        text: errorMessage(error),
      }),
  });
}

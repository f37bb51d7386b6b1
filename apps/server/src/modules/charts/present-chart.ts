import type { Chart, ChatChart } from '@querent/contracts';
import type { ChartRecord } from './chart-record.ts';

export function presentChart(chart: ChartRecord, viewer: { id: string }, isFavorite: boolean): Chart {
  return {
    id: chart.id,
    queryId: chart.queryId,
    title: chart.title,
    config: chart.config,
    is_favorite: isFavorite,
    editable: chart.ownerId === viewer.id,
    createdAt: chart.createdAt,
    updatedAt: chart.updatedAt,
  };
}

/** A chart as a conversation's message shows it. */
export function presentChatChart(chart: ChartRecord): ChatChart {
  return { id: chart.id, queryId: chart.queryId, title: chart.title, config: chart.config };
}

import type { Chart, ChatChart } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import { ownedSubject } from '../queries/query-subject.ts';
import type { ChartRecord } from './chart-record.ts';

export function presentChart(chart: ChartRecord, viewer: Actor, isFavorite: boolean): Chart {
  const abilities = objectAbilities(viewer, ownedSubject('chart', chart, undefined));
  return {
    id: chart.id,
    queryId: chart.queryId,
    title: chart.title,
    config: chart.config,
    is_favorite: isFavorite,
    editable: abilities.edit,
    abilities,
    shared: chart.sharedWithOrganization,
    createdAt: chart.createdAt,
    updatedAt: chart.updatedAt,
  };
}

/** A chart as a conversation's message shows it. */
export function presentChatChart(chart: ChartRecord): ChatChart {
  return { id: chart.id, queryId: chart.queryId, title: chart.title, config: chart.config };
}

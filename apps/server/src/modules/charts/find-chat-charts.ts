import type { ChatChart } from '@querent/contracts';
import type { StoreDb } from '../../store/connect.ts';
import { findChartsByIds } from './charts.repo.ts';
import { presentChatChart } from './present-chart.ts';

/** The charts a conversation's messages show; missing ids are simply absent. */
export async function findChatCharts(db: StoreDb, ids: readonly string[]): Promise<ChatChart[]> {
  return (await findChartsByIds(db, ids)).map(presentChatChart);
}

import type { ChartConfig, ChatChart } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { findConversationQuery } from '../queries/chat-queries.ts';
import { checkChartConfig } from './chart-config.ts';
import { insertChart } from './charts.repo.ts';

/*
 * The analyst's charts are the charts feature's: a type and the result columns to draw, checked by
 * the same rule as the chart builder's and stored the same way, which the web app turns into an
 * ECharts option over the query's rows. Keeping data out of the config means a chart can only
 * show what the query returned, never numbers the model made up.
 */

function invalid(message: string): AppError {
  return new AppError('BAD_REQUEST', message);
}

/** Creates a chart over a query of this conversation that ran successfully. */
export async function createChatChart(
  deps: { db: StoreDb },
  input: { ownerId: string; conversationId: string; queryId: string; title: string; config: ChartConfig },
): Promise<ChatChart> {
  const query = await findConversationQuery(deps.db, input.conversationId, input.queryId);
  if (!query) {
    throw invalid(
      `There is no query ${input.queryId} in this conversation: use a queryId that run_sql returned.`,
    );
  }
  if (query.error !== null)
    throw invalid(`Query ${query.id} failed (${query.error}): chart a query that ran.`);
  if (query.columns === null || query.rows === null)
    throw invalid(`Query ${query.id} has no result to chart.`);
  checkChartConfig(input.config, query.columns);
  const id = await insertChart(deps.db, {
    queryId: query.id,
    title: input.title,
    config: input.config,
    ownerId: input.ownerId,
  });
  return { id, queryId: query.id, title: input.title, config: input.config };
}

import type { ChatChart } from '@querent/contracts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { StoreDb } from '../../store/connect.ts';
import { insertChart } from './chat-charts.repo.ts';
import { findConversationQuery } from './chat-queries.repo.ts';

/*
 * A chart is stored as the charts feature stores every chart: a type and the result columns to
 * draw, which the web app turns into an ECharts option over the query's rows. Keeping the data
 * out of it means a chart can only show what the query returned, never numbers the model made up.
 */

export const chatChartTypes = ['bar', 'line', 'area', 'pie', 'scatter'] as const;

export const chatChartConfigSchema = z.object({
  type: z.enum(chatChartTypes),
  x: z.string().min(1),
  y: z.array(z.string().min(1)).min(1).max(20),
  series: z.string().min(1).nullish(),
});
export type ChatChartConfig = z.infer<typeof chatChartConfigSchema>;

function invalid(message: string): AppError {
  return new AppError('BAD_REQUEST', message);
}

/** Checks the config against the columns the query returned, naming what is wrong. */
export function checkChartColumns(
  config: ChatChartConfig,
  queryId: string,
  columns: readonly string[],
): void {
  const known = new Set(columns);
  const wanted = [config.x, ...config.y, ...(config.series ? [config.series] : [])];
  const missing = wanted.filter((column) => !known.has(column));
  if (missing.length > 0) {
    const names = missing.map((column) => `"${column}"`).join(', ');
    throw invalid(
      `${missing.length === 1 ? 'Column' : 'Columns'} ${names} ${missing.length === 1 ? 'is' : 'are'} not in the result of query ${queryId}; its columns are: ${columns.join(', ')}.`,
    );
  }
  if (config.type === 'pie' && config.y.length !== 1)
    throw invalid('A pie chart takes exactly one y column.');
  if (config.series && config.y.length !== 1) {
    throw invalid(
      'With `series`, give exactly one y column: the series column splits it into one line each.',
    );
  }
}

/** Creates a chart over a query of this conversation that ran successfully. */
export async function createChatChart(
  deps: { db: StoreDb },
  input: { ownerId: string; conversationId: string; queryId: string; title: string; config: ChatChartConfig },
): Promise<ChatChart> {
  const query = await findConversationQuery(deps.db, input.conversationId, input.queryId);
  if (!query) {
    throw invalid(
      `There is no query ${input.queryId} in this conversation: use a queryId that run_sql returned.`,
    );
  }
  if (query.error !== null)
    throw invalid(`Query ${query.id} failed (${query.error}): chart a query that ran.`);
  if (query.columns === null) throw invalid(`Query ${query.id} has not run yet.`);
  checkChartColumns(
    input.config,
    query.id,
    query.columns.map((column) => column.name),
  );
  const config: Record<string, unknown> = { type: input.config.type, x: input.config.x, y: input.config.y };
  if (input.config.series) config.series = input.config.series;
  return insertChart(deps.db, { queryId: query.id, title: input.title, config, ownerId: input.ownerId });
}

import { type ChartConfig, type ChatChart, type ChatQuery, splitMessageReferences } from '@querent/contracts';

/** What "Pin to dashboard" keeps of an answer: the SQL of the result it shows, and its chart. */
export interface AnswerPin {
  sql: string;
  chart: ChartConfig | null;
}

function succeeded(query: ChatQuery | undefined): query is ChatQuery {
  return query !== undefined && query.error === null && query.ranAt !== null;
}

/**
 * The last table or chart an answer shows, as a pin; null for an answer that shows neither (or
 * only results the loaded conversation does not carry).
 */
export function answerPin(
  content: string,
  queries: ReadonlyMap<string, ChatQuery>,
  charts: ReadonlyMap<string, ChatChart>,
): AnswerPin | null {
  const shown = splitMessageReferences(content).filter((segment) => segment.type !== 'markdown');
  for (const segment of shown.reverse()) {
    if (segment.type === 'query') {
      const query = queries.get(segment.id);
      if (succeeded(query)) return { sql: query.sql, chart: null };
    } else {
      const chart = charts.get(segment.id);
      const query = chart ? queries.get(chart.queryId) : undefined;
      if (chart && succeeded(query)) {
        const { type, x, y, series } = chart.config;
        return { sql: query.sql, chart: { type, x, y, ...(series ? { series } : {}) } };
      }
    }
  }
  return null;
}

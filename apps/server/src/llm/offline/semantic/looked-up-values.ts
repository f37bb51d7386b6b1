import type { ToolExchange } from '../conversation-state.ts';
import type { ValueLookUp } from './semantic-filters.ts';
import type { Vocabulary } from './vocabulary.ts';

/*
 * Values the offline analyst looked up through query_metrics (a dimension's distinct values among
 * the spellings of a word of the question), as the stored values of those dimensions: the reading
 * that follows finds them as it finds the model's sample values, spelt as stored.
 */

export const LOOK_UP = 'offline-metrics-look-up';

/** The query_metrics input that looks one value up: the dimension alone, kept to those spellings. */
export function lookUpInput(lookUp: ValueLookUp): Record<string, unknown> {
  return {
    query: {
      dimensions: [{ dimension: lookUp.dimension }],
      filters: [{ dimension: lookUp.dimension, operator: 'in', values: lookUp.values }],
      limit: 20,
    },
    title: `Looking up ${lookUp.values[0] ?? ''}`,
  };
}

function lookedUpDimension(input: unknown): string | null {
  const query = (input as { query?: { dimensions?: { dimension?: unknown }[] } } | null)?.query;
  const dimension = query?.dimensions?.[0]?.dimension;
  return typeof dimension === 'string' ? dimension : null;
}

/** Dimension → the values its look-ups found, from this turn's tool results. */
export function lookedUpValues(exchanges: readonly ToolExchange[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const exchange of exchanges) {
    if (!exchange.toolCallId.startsWith(LOOK_UP) || exchange.output === null) continue;
    const dimension = lookedUpDimension(exchange.input);
    const rows: unknown = exchange.output.rows;
    if (dimension === null || !Array.isArray(rows)) continue;
    const values = (rows as unknown[])
      .map((row): unknown => (Array.isArray(row) ? (row as unknown[])[0] : undefined))
      .filter((value): value is string => typeof value === 'string');
    found.set(dimension, [...(found.get(dimension) ?? []), ...values]);
  }
  return found;
}

export function hasLookedUp(exchanges: readonly ToolExchange[]): boolean {
  return exchanges.some((exchange) => exchange.toolCallId.startsWith(LOOK_UP));
}

/** The vocabulary with the looked-up values among its dimensions' values. */
export function withLookedUpValues(vocabulary: Vocabulary, found: ReadonlyMap<string, string[]>): Vocabulary {
  if (found.size === 0) return vocabulary;
  return {
    ...vocabulary,
    datasets: vocabulary.datasets.map((dataset) => ({
      ...dataset,
      dimensions: dataset.dimensions.map((dimension) => {
        const values = found.get(dimension.key);
        return values ? { ...dimension, values: [...new Set([...dimension.values, ...values])] } : dimension;
      }),
    })),
  };
}

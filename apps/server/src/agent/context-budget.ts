/**
 * How much of each kind of material the model is shown, from the size of its context window
 * (LLM_CONTEXT_TOKENS). A small local model with 8,192 tokens cannot read the 10,000-character
 * previews and long table descriptions a 200,000-token model can; fixed limits either starve the
 * large model or overflow the small one, so every limit is a share of the window, within bounds.
 */
export interface ContextBudget {
  contextTokens: number;
  /** What the analyst remembers, in its instructions. */
  memoryTokens: number;
  /** The schema summary in its instructions. */
  schemaTokens: number;
  /** The dbt project's metrics in its instructions. */
  metricsTokens: number;
  /** Rows of a query result the model reads. */
  previewRows: number;
  /** Characters of a query result the model reads. */
  previewChars: number;
  /** Characters of one cell of a result. */
  cellChars: number;
  /** Characters of one describe_table answer, columns included. */
  describeChars: number;
  /** Characters of one table's or column's description in describe_table. */
  descriptionChars: number;
}

const CHARS_PER_TOKEN = 4;

function share(contextTokens: number, fraction: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.floor(contextTokens * fraction)));
}

export function contextBudget(contextTokens: number): ContextBudget {
  return {
    contextTokens,
    memoryTokens: share(contextTokens, 0.015, 200, 4000),
    schemaTokens: share(contextTokens, 0.15, 300, 8000),
    metricsTokens: share(contextTokens, 0.02, 150, 3000),
    previewRows: contextTokens >= 32_000 ? 20 : 10,
    previewChars: share(contextTokens, 0.025, 400, 2500) * CHARS_PER_TOKEN,
    cellChars: contextTokens >= 32_000 ? 300 : 120,
    describeChars: share(contextTokens, 0.04, 500, 6000) * CHARS_PER_TOKEN,
    descriptionChars: contextTokens >= 32_000 ? 1000 : 300,
  };
}

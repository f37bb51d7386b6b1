import { z } from 'zod';
import type { AgentTool } from './agent-tool.ts';
import { semanticVocabulary } from './semantic-vocabulary.ts';

const inputSchema = z.object({
  datasets: z
    .array(z.string().min(1).max(64))
    .max(50)
    .optional()
    .describe('Only these datasets (by name); all of them when absent.'),
});

export const listMetricsTool: AgentTool<typeof inputSchema> = {
  name: 'list_metrics',
  description:
    "The database's semantic model: its metrics (label, description, type, whether certified, by whom and when) and its datasets with their dimensions (type, time grains, synonyms, sample values) and measures. Answer with query_metrics whenever a metric or measure fits the question: its numbers are defined once and the same everywhere.",
  inputSchema,
  async execute(input, context) {
    const reading = await context.semanticModel();
    if (!reading) {
      return {
        output: {
          metrics: [],
          datasets: [],
          note: 'This database has no semantic model: answer with run_sql.',
        },
      };
    }
    return {
      output: {
        ...semanticVocabulary(reading.model, {
          maxChars: context.budget.describeChars,
          ...(input.datasets ? { datasets: input.datasets } : {}),
        }),
        source: reading.source,
      },
    };
  },
};

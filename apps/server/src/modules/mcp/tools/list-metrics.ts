import { z } from 'zod';
import { semanticVocabulary } from '../../../agent/tools/semantic-vocabulary.ts';
import { defineTool } from '../mcp-tool.ts';
import { readAnsweringModel } from './answering-model.ts';
import { databaseIdInput } from './database-id.ts';

/** Characters of vocabulary one answer holds; what does not fit is named in its note. */
const VOCABULARY_CHARS = 24_000;

const outputSchema = z.looseObject({
  source: z
    .enum(['saved', 'proposal', 'none'])
    .describe('saved: a model people accepted; proposal: proposed and not yet reviewed; none: no model.'),
  metrics: z.array(z.unknown()),
  datasets: z.array(z.unknown()),
  omitted: z.string().optional().describe('What did not fit in this answer, and how to ask for it.'),
  note: z.string().optional(),
});

/** The semantic model's vocabulary, read as GET /api/databases/{id}/semantic-model reads it. */
export const listMetricsTool = defineTool({
  name: 'list_metrics',
  scope: 'metadata:read',
  title: 'List metrics',
  description:
    "A database's semantic model: its metrics (label, description, type, whether certified, by whom and when) and its datasets with their dimensions (type, time grains, synonyms, sample values) and measures. Answer with query_metrics whenever a metric fits: its number is defined once and is the same everywhere; a certified one is the number to trust.",
  inputSchema: z.object({
    databaseId: databaseIdInput,
    datasets: z
      .array(z.string().min(1).max(64))
      .max(50)
      .optional()
      .describe('Only these datasets (by name); all of them when absent.'),
  }),
  outputSchema,
  async run(input, context) {
    const answering = await readAnsweringModel(context, input.databaseId);
    if (answering === null) {
      return {
        source: 'none' as const,
        metrics: [],
        datasets: [],
        note: 'This database has no semantic model yet: answer with run_sql, or ask its owner to propose and accept one in Querent.',
      };
    }
    const vocabulary = semanticVocabulary(answering.model, {
      maxChars: VOCABULARY_CHARS,
      ...(input.datasets ? { datasets: input.datasets } : {}),
    });
    return outputSchema.parse({
      ...vocabulary,
      source: answering.source,
      ...(answering.source === 'proposal'
        ? { note: 'This model is a proposal nobody has reviewed yet: say so when answering from it.' }
        : {}),
    });
  },
});

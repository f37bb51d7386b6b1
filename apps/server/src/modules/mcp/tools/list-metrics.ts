import { semanticModelSources } from '@querent/contracts';
import { z } from 'zod';
import { semanticVocabulary } from '../../../agent/tools/semantic-vocabulary.ts';
import { defineTool } from '../mcp-tool.ts';
import { readModelForReading } from '../../semantic-models/model-for-reading.ts';
import { databaseIdInput } from './database-id.ts';

/** Characters of vocabulary one answer holds; what does not fit is named in its note. */
const VOCABULARY_CHARS = 24_000;

const outputSchema = z.looseObject({
  source: z
    .enum([...semanticModelSources, 'none'])
    .describe(
      'saved: a model people accepted; proposal: proposed and not yet reviewed; schema: proposed from the schema just now, kept nowhere; none: no model.',
    ),
  metrics: z.array(z.unknown()),
  datasets: z.array(z.unknown()),
  omitted: z.string().optional().describe('What did not fit in this answer, and how to ask for it.'),
  note: z.string().optional(),
});

/** What to say of a model nobody has reviewed, by where it came from. */
const unreviewed = {
  proposal: 'This model is a proposal nobody has reviewed yet: say so when answering from it.',
  schema:
    'This model was proposed from the schema just now and nobody has reviewed it: say so when answering from it.',
} as const;

/**
 * The semantic model's vocabulary, read as query_metrics, POST …/metrics/query and the analyst read
 * it: the saved model, else the pending proposal, else one proposed from the schema.
 */
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
    const answering = await readModelForReading(context.deps, {
      user: context.user,
      databaseId: input.databaseId,
    });
    if (answering === null) {
      return {
        source: 'none' as const,
        metrics: [],
        datasets: [],
        note: 'This database has no semantic model, and none can be proposed from its schema: answer with run_sql.',
      };
    }
    const vocabulary = semanticVocabulary(answering.model, {
      maxChars: VOCABULARY_CHARS,
      ...(input.datasets ? { datasets: input.datasets } : {}),
    });
    return outputSchema.parse({
      ...vocabulary,
      source: answering.source,
      ...(answering.source === 'saved' ? {} : { note: unreviewed[answering.source] }),
    });
  },
});

import { z } from 'zod';
import { timeGrainSchema } from './semantic-model.ts';

/*
 * The terms of a semantic model a person may type (GET …/semantic-model/terms): metrics,
 * dimensions, datasets and the sample values of categorical dimensions, matched against the words
 * before the caret, so a question is composed from words Querent understands.
 */

/** Most terms one lookup answers, and the longest text it reads. */
export const SEMANTIC_TERMS_MAX_LIMIT = 20;
export const SEMANTIC_TERMS_DEFAULT_LIMIT = 8;
export const SEMANTIC_TERMS_MAX_QUERY = 200;

export const semanticTermsQuerySchema = z.object({
  /** What was typed before the caret (its last few words are enough); empty answers nothing. */
  q: z.string().max(SEMANTIC_TERMS_MAX_QUERY).default(''),
  limit: z.coerce.number().int().min(1).max(SEMANTIC_TERMS_MAX_LIMIT).default(SEMANTIC_TERMS_DEFAULT_LIMIT),
});
export type SemanticTermsQuery = z.input<typeof semanticTermsQuerySchema>;

/** How closely a term matched: the whole phrase, its beginning, or a near spelling. */
export const semanticTermMatches = ['exact', 'prefix', 'fuzzy'] as const;

const matchedSchema = {
  /** The text to put in the question in place of the typed words. */
  insert: z.string(),
  /**
   * How many of the typed words (the last ones of `q`, split at white space) the term replaces:
   * "total amo" → Total amount replaces 2, "show me reve" → Revenue replaces 1.
   */
  words: z.number().int().positive(),
  match: z.enum(semanticTermMatches),
  /** The label, synonym or value the typed words matched. */
  matched: z.string(),
};

const datasetRefSchema = z.object({ name: z.string(), label: z.string() });

export const semanticTermSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('metric'),
    name: z.string(),
    label: z.string(),
    certified: z.boolean(),
    description: z.string().nullable(),
    ...matchedSchema,
  }),
  z.object({
    kind: z.literal('dimension'),
    /** `dataset.dimension`, as a metric query names it. */
    name: z.string(),
    label: z.string(),
    type: z.enum(['categorical', 'time', 'number', 'boolean']),
    dataset: datasetRefSchema,
    /** Time dimensions: the grains it may be grouped by. */
    timeGrains: z.array(timeGrainSchema),
    ...matchedSchema,
  }),
  z.object({
    kind: z.literal('dataset'),
    name: z.string(),
    label: z.string(),
    /** The label's words as one thing and as many: "order line", "order lines". */
    singular: z.string(),
    plural: z.string(),
    ...matchedSchema,
  }),
  z.object({
    kind: z.literal('value'),
    value: z.string(),
    /** The categorical dimension it is a value of. */
    dimension: z.object({ name: z.string(), label: z.string() }),
    dataset: datasetRefSchema,
    ...matchedSchema,
  }),
]);
export type SemanticTerm = z.infer<typeof semanticTermSchema>;

export const semanticTermsSchema = z.object({
  /** Best first: certified metrics, then exact, prefix and fuzzy matches. */
  terms: z.array(semanticTermSchema),
  /**
   * Where the terms come from: the saved model, the pending proposal, one proposed from the
   * schema alone (no values then), or none (nothing typed, or no model and no tables to propose
   * one from).
   */
  source: z.enum(['saved', 'proposal', 'schema', 'none']),
});
export type SemanticTerms = z.infer<typeof semanticTermsSchema>;

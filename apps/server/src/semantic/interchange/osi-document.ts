import { parse as parseYaml, YAMLParseError } from 'yaml';
import { z } from 'zod';

/*
 * The Open Semantic Interchange document (core spec v0.1.x, github.com/open-semantic-interchange/OSI
 * core-spec/spec.yaml): `semantic_model` is a list of models, each with datasets (a source, a
 * primary key, fields), relationships (from the many side to the one side, by columns) and
 * metrics (an aggregate SQL expression per dialect). `ai_context` is a string or an object of
 * instructions, synonyms and examples; `custom_extensions` carry what a vendor adds, as JSON
 * text. Unknown fields are tolerated (later versions add some); wrong types are errors naming the
 * field's path.
 */

const text = z.string();
const aiContextSchema = z.union([
  z.string(),
  z.looseObject({
    instructions: text.optional(),
    synonyms: z.array(text).optional(),
    examples: z.array(text).optional(),
  }),
]);
export type OsiAiContext = z.infer<typeof aiContextSchema>;

const extensionsSchema = z.array(z.looseObject({ vendor_name: text, data: text }));
export type OsiExtension = z.infer<typeof extensionsSchema>[number];

const expressionSchema = z.looseObject({
  dialects: z.array(z.looseObject({ dialect: text.default('ANSI_SQL'), expression: text })).min(1),
});
export type OsiExpression = z.infer<typeof expressionSchema>;

const described = {
  name: text.min(1),
  description: text.optional(),
  ai_context: aiContextSchema.optional(),
  custom_extensions: extensionsSchema.optional(),
};

const fieldSchema = z.looseObject({
  ...described,
  expression: expressionSchema,
  dimension: z.looseObject({ is_time: z.boolean().optional() }).optional(),
  label: text.optional(),
});
export type OsiField = z.infer<typeof fieldSchema>;

// The spec shows a primary key both as a list of columns and as a list holding one such list.
const keySchema = z.union([z.array(text), z.array(z.array(text))]);

const datasetSchema = z.looseObject({
  ...described,
  source: text.min(1),
  primary_key: keySchema.optional(),
  unique_keys: z.array(z.array(text)).optional(),
  fields: z.array(fieldSchema).optional(),
});
export type OsiDataset = z.infer<typeof datasetSchema>;

const relationshipSchema = z.looseObject({
  ...described,
  from: text.min(1),
  to: text.min(1),
  from_columns: z.array(text).min(1),
  to_columns: z.array(text).min(1),
});
export type OsiRelationship = z.infer<typeof relationshipSchema>;

const metricSchema = z.looseObject({ ...described, expression: expressionSchema });
export type OsiMetric = z.infer<typeof metricSchema>;

const semanticModelSchema = z.looseObject({
  ...described,
  datasets: z.array(datasetSchema),
  relationships: z.array(relationshipSchema).optional(),
  metrics: z.array(metricSchema).optional(),
});
export type OsiSemanticModel = z.infer<typeof semanticModelSchema>;

export const osiDocumentSchema = z.looseObject({
  version: text.optional(),
  semantic_model: z.array(semanticModelSchema).min(1),
});
export type OsiDocument = z.infer<typeof osiDocumentSchema>;

/** A document that is not OSI: `field` is the path of the first bad part ("semantic_model[0].datasets[1].source"). */
export class OsiInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'OsiInputError';
    this.field = field;
  }
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

export function parseOsiDocument(yamlText: string): OsiDocument {
  let parsed: unknown;
  try {
    parsed = parseYaml(yamlText);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const at = error.linePos?.[0];
      throw new OsiInputError(
        at ? `line ${at.line}, column ${at.col}` : 'yaml',
        `Not valid YAML: ${error.message.split('\n')[0]}`,
      );
    }
    throw error;
  }
  const result = osiDocumentSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? 'semantic_model' : pathText(issue.path);
    throw new OsiInputError(field, issue?.message ?? 'Not an OSI document');
  }
  return result.data;
}

import {
  type Dataset,
  type Dimension,
  type Metric,
  type Relationship,
  dimensionSchema,
  measureSchema,
  metricSchema,
  relationshipSchema,
  semanticModelSchema,
  timeGrains,
} from '@querent/contracts';
import type { z } from 'zod';
import { validateSemanticModel } from '../validate-semantic-model.ts';
import { columnOrSql } from './column-or-sql.ts';
import {
  collectWarnings,
  type ImportedSemanticModel,
  type InterchangeWarnings,
} from './interchange-warning.ts';
import {
  type OsiDataset,
  type OsiExpression,
  type OsiField,
  type OsiMetric,
  OsiInputError,
  parseOsiDocument,
} from './osi-document.ts';
import { readQuerentExtension, synonymsOf, unkeptContext } from './osi-extension.ts';
import { type FieldLookup, impliedMetrics } from './osi-foreign-metric.ts';
import { readForeignMetric } from './osi-metric-sql.ts';
import { toSemanticName, uniqueNames } from './semantic-name.ts';

/*
 * An Open Semantic Interchange YAML document as a semantic model. The core fields are read the
 * OSI way (a field with `dimension` is a dimension, time when `is_time`, one without is a number
 * dimension; a metric's SQL is read into measures and metrics), Querent's COMMON extension adds
 * back what OSI cannot say. A document that is not OSI is an OsiInputError naming the field; a
 * part that cannot be converted (another vendor's extension, ai_context instructions, a metric
 * expression beyond aggregates and arithmetic) is a warning. The first semantic model of the
 * document is read.
 */

function expressionOf(expression: OsiExpression, item: string, warnings: InterchangeWarnings): string {
  const dialects = expression.dialects;
  const chosen = dialects.find((entry) => entry.dialect.toUpperCase() === 'ANSI_SQL') ?? dialects[0];
  const others = dialects.filter((entry) => entry !== chosen && entry.expression !== chosen?.expression);
  if (others.length > 0) {
    warnings.add(
      item,
      `Only the ${chosen?.dialect} expression is kept; ${others.map((entry) => entry.dialect).join(', ')} are not`,
    );
  }
  return chosen?.expression ?? '';
}

function noteLosses(
  item: string,
  element: { ai_context?: OsiField['ai_context']; custom_extensions?: OsiField['custom_extensions'] },
  others: readonly { vendor_name: string }[],
  warnings: InterchangeWarnings,
): void {
  for (const part of unkeptContext(element.ai_context)) warnings.add(item, `Its ${part} is not kept`);
  for (const extension of others) warnings.add(item, `Its ${extension.vendor_name} extension is not kept`);
}

/** Parses extension data with a contract schema, naming the field when it does not fit. */
function fromExtension<T extends z.ZodType>(schema: T, value: unknown, field: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new OsiInputError(
    `${field}.custom_extensions`,
    `The querent extension does not fit: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
  );
}

function readField(field: OsiField, name: string, path: string, warnings: InterchangeWarnings): Dimension {
  const { data, others } = readQuerentExtension(field.custom_extensions, path);
  noteLosses(path, field, others, warnings);
  const isTime = field.dimension?.is_time === true;
  const type = field.dimension === undefined ? 'number' : isTime ? 'time' : 'categorical';
  return fromExtension(
    dimensionSchema,
    {
      name,
      label: null,
      description: field.description ?? null,
      synonyms: synonymsOf(field.ai_context),
      expression: columnOrSql(expressionOf(field.expression, path, warnings)),
      type,
      timeGrains: isTime ? [...timeGrains] : [],
      sampleValues: [],
      ...data,
    },
    path,
  );
}

function sourceOf(dataset: OsiDataset, path: string, warnings: InterchangeWarnings): Dataset['source'] {
  const source = dataset.source.trim();
  if (/\s|\(/.test(source)) return { sql: source };
  const parts = source.split('.');
  const table = parts[parts.length - 1] ?? source;
  const schema = parts.length > 1 ? (parts[parts.length - 2] ?? null) : null;
  if (parts.length > 2) {
    warnings.add(
      `${path}.source`,
      `The database ${parts.slice(0, -2).join('.')} is not kept: Querent reads the database its connection opens`,
    );
  }
  return { table, schema };
}

/** `[a, b]`, or the first key of `[[a, b]]`. */
function primaryKeyOf(dataset: OsiDataset): string[] {
  const [first] = dataset.primary_key ?? [];
  if (first === undefined) return [];
  return Array.isArray(first) ? first : (dataset.primary_key as string[]);
}

interface DatasetReading {
  dataset: Dataset;
  /** OSI field name → our dimension name. */
  fields: Map<string, string>;
}

function readDataset(
  osi: OsiDataset,
  name: string,
  path: string,
  warnings: InterchangeWarnings,
): DatasetReading {
  const { data, others } = readQuerentExtension(osi.custom_extensions, path);
  noteLosses(path, osi, others, warnings);
  const primaryKey = primaryKeyOf(osi);
  for (const [index, key] of (osi.unique_keys ?? []).entries()) {
    if (key.join(',') !== primaryKey.join(','))
      warnings.add(`${path}.unique_keys[${index}]`, 'Unique keys other than the primary key are not kept');
  }
  const names = uniqueNames();
  const fields = new Map<string, string>();
  const dimensions = (osi.fields ?? []).map((field, index) => {
    const fieldName = names(toSemanticName(field.name));
    if (fieldName !== field.name)
      warnings.add(`${path}.fields[${index}].name`, `Renamed to ${fieldName}: names are lower snake_case`);
    fields.set(field.name, fieldName);
    return readField(field, fieldName, `${path}.fields[${index}]`, warnings);
  });
  const measures = fromExtension(measureSchema.array(), data?.measures ?? [], path);
  return {
    dataset: {
      name,
      label: typeof data?.label === 'string' ? data.label : null,
      description: osi.description ?? null,
      synonyms: synonymsOf(osi.ai_context),
      source: sourceOf(osi, path, warnings),
      primaryKey,
      dimensions,
      measures,
    },
    fields,
  };
}

function readMetric(
  osi: OsiMetric,
  name: string,
  path: string,
  lookup: FieldLookup,
  datasets: Dataset[],
  warnings: InterchangeWarnings,
): Metric[] {
  const { data, others } = readQuerentExtension(osi.custom_extensions, path);
  noteLosses(path, osi, others, warnings);
  const described = { name, description: osi.description ?? null, synonyms: synonymsOf(osi.ai_context) };
  const sql = expressionOf(osi.expression, path, warnings);
  if (data !== null) return [fromExtension(metricSchema, { ...data, ...described }, path)];
  const reading = readForeignMetric(name, sql);
  const implied = 'error' in reading ? reading : impliedMetrics(name, reading, lookup);
  if ('error' in implied) {
    warnings.add(path, `Not imported: its expression ${sql} cannot be read (${implied.error})`);
    return [];
  }
  for (const { dataset, measure } of implied.measures) {
    const home = datasets.find((entry) => entry.name === dataset);
    if (home !== undefined && !home.measures.some((entry) => entry.name === measure.name))
      home.measures.push(measure);
  }
  const [self, ...parts] = implied.metrics;
  return self === undefined ? [] : [{ ...self, ...described }, ...parts];
}

/** The model, and the document's name and description, for whoever keeps it (a store, a file). */
export interface ImportedOsiModel extends ImportedSemanticModel {
  name: string;
  description: string | null;
}

export function importOsiYaml(text: string): ImportedOsiModel {
  const warnings = collectWarnings();
  const document = parseOsiDocument(text);
  const [osi, ...more] = document.semantic_model;
  if (osi === undefined) throw new OsiInputError('semantic_model', 'The document has no semantic model');
  more.forEach((model, index) =>
    warnings.add(
      `semantic_model[${index + 1}]`,
      `Not imported: only the first semantic model (${osi.name}) is read`,
    ),
  );
  const { others } = readQuerentExtension(osi.custom_extensions, 'semantic_model[0]');
  noteLosses('semantic_model[0]', osi, others, warnings);

  const datasetNames = uniqueNames();
  const byOsiName = new Map<string, DatasetReading>();
  const datasets = osi.datasets.map((entry, index) => {
    const path = `semantic_model[0].datasets[${index}]`;
    const name = datasetNames(toSemanticName(entry.name));
    if (name !== entry.name) warnings.add(`${path}.name`, `Renamed to ${name}: names are lower snake_case`);
    const reading = readDataset(entry, name, path, warnings);
    byOsiName.set(entry.name, reading);
    return reading.dataset;
  });
  const lookup: FieldLookup = (datasetName, field) => {
    const reading =
      byOsiName.get(datasetName) ??
      [...byOsiName.values()].find((entry) => entry.dataset.name === datasetName);
    if (reading === undefined) return null;
    const dimensionName = reading.fields.get(field);
    const dimension = reading.dataset.dimensions.find((entry) => entry.name === dimensionName);
    return { dataset: reading.dataset.name, expression: dimension?.expression ?? { column: field } };
  };

  const relationshipNames = uniqueNames();
  const relationships: Relationship[] = (osi.relationships ?? []).map((entry, index) => {
    const path = `semantic_model[0].relationships[${index}]`;
    const { data, others: theirs } = readQuerentExtension(entry.custom_extensions, path);
    noteLosses(path, entry, theirs, warnings);
    if (synonymsOf(entry.ai_context).length > 0) {
      warnings.add(path, 'Its ai_context.synonyms is not kept: relationships have no synonyms');
    }
    const datasetName = (osiName: string) => byOsiName.get(osiName)?.dataset.name ?? toSemanticName(osiName);
    return fromExtension(
      relationshipSchema,
      {
        name: relationshipNames(toSemanticName(entry.name)),
        from: { dataset: datasetName(entry.from), columns: entry.from_columns },
        to: { dataset: datasetName(entry.to), columns: entry.to_columns },
        cardinality: 'many_to_one',
        description: entry.description ?? null,
        ...data,
      },
      path,
    );
  });

  const metricNames = uniqueNames();
  const metrics = (osi.metrics ?? []).flatMap((entry, index) => {
    const path = `semantic_model[0].metrics[${index}]`;
    const name = metricNames(toSemanticName(entry.name));
    if (name !== entry.name) warnings.add(`${path}.name`, `Renamed to ${name}: names are lower snake_case`);
    return readMetric(entry, name, path, lookup, datasets, warnings);
  });

  const model = semanticModelSchema.parse({ datasets, relationships, metrics });
  const problems = validateSemanticModel(model);
  const [problem] = problems;
  if (problem !== undefined) {
    throw new OsiInputError(
      `model.${problem.path}`,
      `${problem.message}${problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : ''}`,
    );
  }
  return { model, warnings: warnings.list, name: osi.name, description: osi.description ?? null };
}

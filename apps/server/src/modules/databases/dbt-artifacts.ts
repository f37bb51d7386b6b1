import type { DbtSummary } from '@querent/contracts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { DbtMetric } from './dbt-semantics.ts';
import { dbtMetrics, dbtTestsByNode } from './dbt-semantics.ts';

/**
 * dbt's manifest.json and catalog.json, reduced on upload to what Querent reads from them: each
 * relation's schema, name and description, its columns' descriptions and its tests, and the
 * project's metrics. The originals are
 * megabytes of compiled SQL and run metadata; the reduction is what the store keeps.
 */
export interface DbtColumn {
  name: string;
  description: string | null;
}

export interface DbtRelation {
  /** The database schema the relation is built in; null when the file does not say. */
  schema: string | null;
  /** The relation's name in the database (a model's alias, a source's identifier). */
  name: string;
  description: string | null;
  columns: DbtColumn[];
  /** The dbt tests on it, as sentences ("status: one of 'placed', 'shipped'"); absent in files reduced before tests were kept. */
  tests?: string[];
}

export interface DbtRelations {
  relations: DbtRelation[];
  /** The manifest's metrics; absent for a catalog and for manifests reduced before metrics were kept. */
  metrics?: DbtMetric[];
}

export interface DbtSummaries {
  manifest: DbtSummary | null;
  catalog: DbtSummary | null;
}

export type DbtField = 'dbt_manifest' | 'dbt_catalog';

// Node kinds that are relations in the warehouse; tests, macros and analyses are not.
const relationKinds = new Set(['model', 'seed', 'snapshot', 'source']);

const text = z.string().nullish();
const manifestColumns = z.record(z.string(), z.looseObject({ name: text, description: text })).nullish();
const manifestRelation = z.looseObject({
  resource_type: z.string(),
  name: z.string(),
  alias: text,
  identifier: text,
  schema: text,
  description: text,
  columns: manifestColumns,
});
const manifestShape = z.looseObject({
  nodes: z.record(z.string(), z.looseObject({ resource_type: z.string().optional() })),
  sources: z.record(z.string(), z.looseObject({})).nullish(),
  metrics: z.record(z.string(), z.unknown()).nullish(),
  semantic_models: z.record(z.string(), z.unknown()).nullish(),
});

const catalogRelation = z.looseObject({
  metadata: z.looseObject({ name: z.string(), schema: text, comment: text }),
  columns: z.record(z.string(), z.looseObject({ name: text, comment: text })),
});
const catalogShape = z.looseObject({
  nodes: z.record(z.string(), catalogRelation),
  sources: z.record(z.string(), catalogRelation).nullish(),
});

function describeIssue(
  field: DbtField,
  issue: z.core.$ZodIssue,
  prefix: readonly PropertyKey[] = [],
): AppError {
  const kind = field === 'dbt_manifest' ? 'manifest.json' : 'catalog.json';
  const where = [...prefix, ...issue.path].map(String).join('.');
  const detail = where === '' ? issue.message : `${where}: ${issue.message}`;
  return new AppError('BAD_REQUEST', `${field} is not a valid dbt ${kind} (${detail})`, { field });
}

function fail(field: DbtField, error: z.ZodError, prefix: readonly PropertyKey[] = []): never {
  const first = error.issues[0];
  if (!first) throw new AppError('BAD_REQUEST', `${field} is not valid`, { field });
  throw describeIssue(field, first, prefix);
}

/** Uploads arrive parsed; a client may also send the file's text. */
function asObject(field: DbtField, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', `${field} is not valid JSON`, { field });
  }
}

const blankToNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;

export function parseDbtManifest(value: unknown): DbtRelations {
  const shape = manifestShape.safeParse(asObject('dbt_manifest', value));
  if (!shape.success) fail('dbt_manifest', shape.error);
  const relations: DbtRelation[] = [];
  const tests = dbtTestsByNode(shape.data.nodes);
  const groups = [
    ['nodes', shape.data.nodes],
    ['sources', shape.data.sources ?? {}],
  ] as const;
  for (const [group, nodes] of groups) {
    for (const [id, node] of Object.entries(nodes)) {
      const kind = (node as { resource_type?: unknown }).resource_type;
      if (typeof kind === 'string' && !relationKinds.has(kind)) continue;
      const parsed = manifestRelation.safeParse(node);
      if (!parsed.success) fail('dbt_manifest', parsed.error, [group, id]);
      const relation = parsed.data;
      relations.push({
        schema: blankToNull(relation.schema),
        name: blankToNull(relation.alias) ?? blankToNull(relation.identifier) ?? relation.name,
        description: blankToNull(relation.description),
        columns: Object.entries(relation.columns ?? {}).map(([key, column]) => ({
          name: blankToNull(column.name) ?? key,
          description: blankToNull(column.description),
        })),
        ...(tests.has(id) ? { tests: tests.get(id) } : {}),
      });
    }
  }
  const metrics = dbtMetrics(shape.data);
  return { relations, ...(metrics.length > 0 ? { metrics } : {}) };
}

export function parseDbtCatalog(value: unknown): DbtRelations {
  const parsed = catalogShape.safeParse(asObject('dbt_catalog', value));
  if (!parsed.success) fail('dbt_catalog', parsed.error);
  const nodes = [...Object.values(parsed.data.nodes), ...Object.values(parsed.data.sources ?? {})];
  return {
    relations: nodes.map((node) => ({
      schema: blankToNull(node.metadata.schema),
      name: node.metadata.name,
      description: blankToNull(node.metadata.comment),
      columns: Object.entries(node.columns).map(([key, column]) => ({
        name: blankToNull(column.name) ?? key,
        description: blankToNull(column.comment),
      })),
    })),
  };
}

export function summarizeDbt(relations: DbtRelations | null): DbtSummary | null {
  if (relations === null) return null;
  let columns = 0;
  for (const relation of relations.relations) columns += relation.columns.length;
  return { models: relations.relations.length, columns };
}

/**
 * A client that read a database and sends it back unchanged returns the summary in place of the
 * file: like the secret mask, it means "keep what is stored".
 */
export function isDbtSummary(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as Record<string, unknown>).models === 'number' &&
    typeof (value as Record<string, unknown>).columns === 'number'
  );
}

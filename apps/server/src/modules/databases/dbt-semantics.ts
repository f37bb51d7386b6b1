import type { DbtMetric } from '@querent/contracts';
import { z } from 'zod';

/**
 * What a dbt project says about meaning beyond descriptions: the tests its authors wrote on
 * columns (what must hold: not null, unique, one of a list, a reference) and the metrics it
 * defines (how "revenue" is computed). Both are reduced to short sentences the analyst reads.
 */

export type { DbtMetric };

const text = z.string().nullish();
const testNode = z.looseObject({
  resource_type: z.literal('test'),
  name: z.string(),
  attached_node: text,
  column_name: text,
  depends_on: z.looseObject({ nodes: z.array(z.string()).nullish() }).nullish(),
  test_metadata: z
    .looseObject({ name: z.string(), kwargs: z.record(z.string(), z.unknown()).nullish() })
    .nullish(),
});

const measure = z.looseObject({ name: z.string(), agg: text, expr: text });
const semanticModel = z.looseObject({
  name: z.string(),
  model: text,
  node_relation: z.looseObject({ alias: text }).nullish(),
  measures: z.array(measure).nullish(),
});
const whereFilters = z
  .looseObject({ where_filters: z.array(z.looseObject({ where_sql_template: z.string() })).nullish() })
  .nullish();
const metricInput = z.looseObject({ name: z.string(), filter: whereFilters }).nullish();
const metric = z.looseObject({
  name: z.string(),
  label: text,
  description: text,
  type: text,
  filter: whereFilters,
  type_params: z
    .looseObject({
      measure: metricInput,
      numerator: metricInput,
      denominator: metricInput,
      expr: text,
      metrics: z.array(metricInput).nullish(),
    })
    .nullish(),
  // dbt before 1.6: the metric carries its own calculation.
  calculation_method: text,
  expression: text,
  model: text,
  filters: z.array(z.looseObject({ field: z.string(), operator: z.string(), value: z.string() })).nullish(),
});

/** `ref('orders')` or `{{ ref('orders') }}` → orders. */
function refName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /ref\(\s*['"]([^'"]+)['"](?:\s*,\s*['"]([^'"]+)['"])?\s*\)/.exec(value);
  return match ? (match[2] ?? match[1] ?? null) : value;
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

function describeTest(test: z.infer<typeof testNode>): string {
  const kwargs = test.test_metadata?.kwargs ?? {};
  const column = test.column_name ?? (typeof kwargs.column_name === 'string' ? kwargs.column_name : null);
  const kind = test.test_metadata?.name ?? null;
  let rule: string;
  if (kind === 'not_null') rule = 'never null';
  else if (kind === 'unique') rule = 'unique';
  else if (kind === 'accepted_values' && Array.isArray(kwargs.values))
    rule = `one of ${kwargs.values.map(quoted).join(', ')}`;
  else if (kind === 'relationships')
    rule = `references ${refName(kwargs.to) ?? '?'}.${typeof kwargs.field === 'string' ? kwargs.field : '?'}`;
  else rule = kind ? `passes the ${kind} test` : `passes the custom test ${test.name}`;
  return column ? `${column}: ${rule}` : rule;
}

/** Each test, as a sentence, by the unique id of the model or source it tests. */
export function dbtTestsByNode(nodes: Record<string, unknown>): Map<string, string[]> {
  const tests = new Map<string, string[]>();
  for (const node of Object.values(nodes)) {
    const parsed = testNode.safeParse(node);
    if (!parsed.success) continue;
    const target = parsed.data.attached_node ?? parsed.data.depends_on?.nodes?.[0] ?? null;
    if (target === null) continue;
    tests.set(target, [...(tests.get(target) ?? []), describeTest(parsed.data)]);
  }
  return tests;
}

/** `{{ Dimension('order__status') }} = 'x'` → `status = 'x'`. */
function readableFilter(template: string): string {
  return template.replace(
    /\{\{\s*(?:Dimension|TimeDimension|Entity)\(\s*['"]([^'"]+)['"][^)]*\)\s*\}\}/g,
    (_, name: string) => (name.includes('__') ? name.slice(name.lastIndexOf('__') + 2) : name),
  );
}

function whereOf(filter: z.infer<typeof whereFilters>): string {
  const parts = (filter?.where_filters ?? []).map((entry) => readableFilter(entry.where_sql_template));
  return parts.length > 0 ? ` where ${parts.join(' and ')}` : '';
}

/** The semantic models' measures by name: "sum(amount) of orders". */
function measuresOf(models: Record<string, unknown>): Map<string, string> {
  const measures = new Map<string, string>();
  for (const value of Object.values(models)) {
    const parsed = semanticModel.safeParse(value);
    if (!parsed.success) continue;
    const relation = parsed.data.node_relation?.alias ?? refName(parsed.data.model) ?? parsed.data.name;
    for (const entry of parsed.data.measures ?? []) {
      measures.set(entry.name, `${entry.agg ?? 'sum'}(${entry.expr ?? entry.name}) of ${relation}`);
    }
  }
  return measures;
}

function definitionOf(parsed: z.infer<typeof metric>, measures: Map<string, string>): string {
  const params = parsed.type_params;
  const input = (entry: z.infer<typeof metricInput>) =>
    entry ? `${measures.get(entry.name) ?? entry.name}${whereOf(entry.filter)}` : '?';
  if (parsed.calculation_method) {
    const filters = (parsed.filters ?? []).map((entry) => `${entry.field} ${entry.operator} ${entry.value}`);
    return `${parsed.calculation_method}(${parsed.expression ?? ''}) of ${refName(parsed.model) ?? '?'}${filters.length > 0 ? ` where ${filters.join(' and ')}` : ''}`;
  }
  if (parsed.type === 'ratio') return `(${input(params?.numerator)}) / (${input(params?.denominator)})`;
  if (parsed.type === 'derived' && params?.expr) {
    const uses = (params.metrics ?? []).map((entry) => entry?.name).filter(Boolean);
    return `${params.expr}${uses.length > 0 ? ` (from the metrics ${uses.join(', ')})` : ''}`;
  }
  const base = params?.measure ? input(params.measure) : (params?.expr ?? parsed.name);
  return `${parsed.type === 'cumulative' ? 'running total of ' : ''}${base}${whereOf(parsed.filter)}`;
}

/** The manifest's metrics, each with its definition in words and formulas. */
export function dbtMetrics(manifest: { metrics?: unknown; semantic_models?: unknown }): DbtMetric[] {
  const record = (value: unknown) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const measures = measuresOf(record(manifest.semantic_models));
  const metrics: DbtMetric[] = [];
  for (const value of Object.values(record(manifest.metrics))) {
    const parsed = metric.safeParse(value);
    if (!parsed.success) continue;
    metrics.push({
      name: parsed.data.name,
      label: parsed.data.label ?? null,
      description: parsed.data.description?.trim() || null,
      definition: definitionOf(parsed.data, measures),
    });
  }
  return metrics.sort((left, right) => left.name.localeCompare(right.name));
}

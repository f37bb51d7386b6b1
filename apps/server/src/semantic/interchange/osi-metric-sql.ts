import type { Dataset, Measure, Metric, SemanticFilter, SemanticModel } from '@querent/contracts';
import { metricNamesIn, parseMetricExpression } from '../metric-expression.ts';
import { expressionText } from './column-or-sql.ts';
import { toSemanticName } from './semantic-name.ts';

/*
 * Metrics as OSI writes them, one aggregate SQL expression over `dataset.field` names
 * (`SUM(orders.amount)`, `SUM(a.x) / NULLIF(COUNT(DISTINCT b.y), 0)`), both ways. Writing: a
 * measure's filters become a CASE inside its aggregate, ratios divide by NULLIF(…, 0), derived
 * metrics inline the metrics they combine. Reading: each aggregate of one column becomes a
 * measure named after it (`sum_amount`) and, when the expression is more than one aggregate, a
 * metric part named `<metric>__numerator`, `<metric>__denominator` or `<metric>__part_<n>`;
 * NULLIF(x, 0) is dropped since our division already guards against zero.
 */

const sqlAggregates: Record<Measure['aggregation'], string> = {
  sum: 'SUM',
  count: 'COUNT',
  count_distinct: 'COUNT',
  avg: 'AVG',
  min: 'MIN',
  max: 'MAX',
};

function literal(value: string | number | boolean): string {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** A model expression read from its dataset: `orders.amount`, or the SQL as written. */
function qualified(dataset: Dataset, expression: Measure['expression'] & object): string {
  return 'column' in expression
    ? `${dataset.name}.${expressionText(expression)}`
    : expressionText(expression);
}

function conditionSql(model: SemanticModel, home: Dataset, filter: SemanticFilter): string {
  const [datasetName, dimensionName] = filter.dimension.includes('.')
    ? filter.dimension.split('.')
    : [home.name, filter.dimension];
  const dataset =
    model.datasets.find(
      (entry) => entry.name === datasetName && entry.dimensions.some((d) => d.name === dimensionName),
    ) ?? model.datasets.find((entry) => entry.dimensions.some((d) => d.name === dimensionName));
  const dimension = dataset?.dimensions.find((entry) => entry.name === dimensionName);
  const left = dataset && dimension ? qualified(dataset, dimension.expression) : filter.dimension;
  const values = filter.values.map(literal);
  switch (filter.operator) {
    case 'in':
      return `${left} IN (${values.join(', ')})`;
    case 'not_in':
      return `${left} NOT IN (${values.join(', ')})`;
    case 'between':
      return `${left} BETWEEN ${values[0]} AND ${values[1]}`;
    case 'is_null':
      return `${left} IS NULL`;
    case 'is_not_null':
      return `${left} IS NOT NULL`;
    default:
      return `${left} ${filter.operator === '!=' ? '<>' : filter.operator} ${values[0]}`;
  }
}

function measureSql(model: SemanticModel, reference: string, filters: readonly SemanticFilter[]): string {
  const [datasetName, measureName] = reference.includes('.') ? reference.split('.') : [null, reference];
  const dataset = model.datasets.find(
    (entry) =>
      (datasetName === null || entry.name === datasetName) &&
      entry.measures.some((m) => m.name === measureName),
  );
  const measure = dataset?.measures.find((entry) => entry.name === measureName);
  if (dataset === undefined || measure === undefined) return `/* no measure ${reference} */ NULL`;
  const conditions = [...measure.filters, ...filters].map((filter) => conditionSql(model, dataset, filter));
  let value =
    measure.expression === null
      ? conditions.length > 0
        ? '1'
        : '*'
      : qualified(dataset, measure.expression);
  if (conditions.length > 0) value = `CASE WHEN ${conditions.join(' AND ')} THEN ${value} END`;
  const distinct = measure.aggregation === 'count_distinct' ? 'DISTINCT ' : '';
  return `${sqlAggregates[measure.aggregation]}(${distinct}${value})`;
}

/** One ANSI SQL expression for a metric (a cumulative one without its window, which OSI cannot say). */
export function metricSql(model: SemanticModel, metric: Metric, seen: readonly string[] = []): string {
  if (seen.includes(metric.name)) return 'NULL';
  const inner = (name: string) => {
    const other = model.metrics.find((entry) => entry.name === name);
    return other === undefined ? 'NULL' : metricSql(model, other, [...seen, metric.name]);
  };
  switch (metric.type) {
    case 'simple':
    case 'cumulative':
      return measureSql(model, metric.measure, metric.filters);
    case 'ratio':
      return `${inner(metric.numerator)} / NULLIF(${inner(metric.denominator)}, 0)`;
    case 'derived':
      return metric.expression.replace(/[a-z][a-z0-9_]*/g, (name) => {
        const sql = inner(name);
        return /^[A-Z_]+\([^()]*\)$/.test(sql) ? sql : `(${sql})`;
      });
  }
}

/** The name a measure read from `AGG(dataset.column)` gets, so writing it back finds it again. */
export function impliedMeasureName(aggregation: Measure['aggregation'], column: string): string {
  return toSemanticName(`${aggregation}_${column}`);
}

export interface ForeignAggregate {
  aggregation: Measure['aggregation'];
  dataset: string;
  field: string;
}

export type ForeignMetric =
  | { kind: 'aggregate'; aggregate: ForeignAggregate }
  | { kind: 'ratio'; numerator: ForeignAggregate; denominator: ForeignAggregate }
  | { kind: 'derived'; expression: string; parts: { name: string; aggregate: ForeignAggregate }[] };

const aggregatePattern =
  /\b(SUM|COUNT|AVG|MIN|MAX)\s*\(\s*(DISTINCT\s+)?([A-Za-z_]\w*)\.([A-Za-z_]\w*|"[^"]+")\s*\)/gi;

/** Reads a foreign metric expression, or says why it cannot be read. */
export function readForeignMetric(metricName: string, sql: string): ForeignMetric | { error: string } {
  const aggregates: ForeignAggregate[] = [];
  const keys: string[] = [];
  let arithmetic = sql.replace(
    aggregatePattern,
    (_, fn: string, distinct: string | undefined, dataset: string, field: string) => {
      const upper = fn.toUpperCase();
      const aggregation: Measure['aggregation'] =
        upper === 'COUNT'
          ? distinct
            ? 'count_distinct'
            : 'count'
          : (upper.toLowerCase() as Measure['aggregation']);
      if (distinct && upper !== 'COUNT') return '?';
      const aggregate = { aggregation, dataset, field: field.replace(/^"|"$/g, '') };
      const key = JSON.stringify(aggregate);
      let index = keys.indexOf(key);
      if (index < 0) {
        index = keys.push(key) - 1;
        aggregates.push(aggregate);
      }
      return ` part_${index + 1} `;
    },
  );
  for (let before = ''; before !== arithmetic; ) {
    before = arithmetic;
    arithmetic = arithmetic.replace(/NULLIF\s*\(([^(),]*(?:\([^()]*\)[^(),]*)*),\s*0\s*\)/gi, '($1)');
  }
  if (aggregates.length === 0) {
    return {
      error: 'it has no aggregate of a dataset column (SUM, COUNT, AVG, MIN or MAX of dataset.field)',
    };
  }
  let parsed: ReturnType<typeof parseMetricExpression>;
  try {
    parsed = parseMetricExpression(arithmetic.trim());
  } catch {
    return { error: 'only aggregates of dataset fields combined with + - * / and numbers can be read' };
  }
  const [first, second] = aggregates;
  if (parsed.kind === 'metric' && first !== undefined) return { kind: 'aggregate', aggregate: first };
  if (
    parsed.kind === 'binary' &&
    parsed.operator === '/' &&
    parsed.left.kind === 'metric' &&
    parsed.right.kind === 'metric' &&
    first !== undefined &&
    second !== undefined
  ) {
    return { kind: 'ratio', numerator: first, denominator: second };
  }
  const names = metricNamesIn(parsed);
  const parts = names.map((name) => ({
    name: `${metricName}__${name}`,
    aggregate: aggregates[Number(name.slice('part_'.length)) - 1] as ForeignAggregate,
  }));
  const expression = arithmetic
    .replace(/part_(\d+)/g, (name) => `${metricName}__${name}`)
    .replace(/\s+/g, ' ')
    .trim();
  return { kind: 'derived', expression, parts };
}

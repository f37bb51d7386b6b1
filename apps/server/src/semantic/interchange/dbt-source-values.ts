import type { DbtMetricInput } from './dbt-semantic-source.ts';

/*
 * The loose values dbt's YAML and JSON hold, read leniently: text that may be a number, lists
 * that manifest.json writes as objects keyed by unique id, filters as a string, strings or
 * `where_filters`, windows as `7 days` or `{count, granularity}`, metric inputs as a name or an
 * object.
 */

export type Node = Record<string, unknown>;

export function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A list, or an object keyed by unique id (manifest.json), as a list. */
export function entries(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isNode(value)) return Object.values(value);
  return [];
}

/** `ref('orders')`, `{{ ref("orders") }}` or `ref('package', 'orders')` → orders. */
export function refName(value: unknown): string | null {
  const written = text(value);
  if (written === null) return null;
  const match = /ref\(\s*['"]([^'"]+)['"](?:\s*,\s*['"]([^'"]+)['"])?/.exec(written);
  return match ? (match[2] ?? match[1] ?? null) : written;
}

/** A filter as YAML writes it (a string or strings) or as the JSON does (`where_filters`). */
export function filtersOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value)) return value.flatMap(filtersOf);
  if (isNode(value)) {
    if ('where_filters' in value) return filtersOf(value.where_filters);
    const template = text(value.where_sql_template);
    if (template !== null) return [template];
  }
  return [];
}

export function windowText(value: unknown): string | null {
  if (isNode(value)) {
    const count = value.count;
    const granularity = text(value.granularity);
    return typeof count === 'number' && granularity !== null ? `${count} ${granularity}` : null;
  }
  return text(value);
}

export function metricInput(value: unknown): DbtMetricInput | null {
  const node = isNode(value) ? value : { name: value };
  const name = text(node.name);
  if (name === null) return null;
  return {
    name,
    alias: text(node.alias),
    filters: filtersOf(node.filter),
    offsetWindow: windowText(node.offset_window),
    offsetToGrain: text(node.offset_to_grain),
    fillNullsWith: node.fill_nulls_with ?? null,
    joinToTimespine: node.join_to_timespine === true,
  };
}

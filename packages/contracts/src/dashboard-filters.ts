import { z } from 'zod';

/*
 * A dashboard's filters: controls at the top of the page, each driving the tiles it is bound to.
 * A query tile is bound by one of its result columns (its SQL becomes a subquery filtered on that
 * column with bound values), a metric tile by a dimension of its semantic model (a metric-query
 * filter). The values chosen travel in the page's address as `?f.<name>=…`, so a filtered view
 * can be linked, and reach GET /api/dashboards/{id}/data the same way.
 */

export const dashboardFilterKinds = ['date', 'category', 'number'] as const;
export type DashboardFilterKind = (typeof dashboardFilterKinds)[number];

/** How many filters a dashboard holds, and how many values a category filter takes at once. */
export const dashboardFilterLimit = 10;
export const categoryValueLimit = 100;

/** A filter's name: its key in the address (`f.<name>`), so letters, digits and underscores only. */
export const dashboardFilterNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lower-case letters, digits and _, starting with a letter (at most 40)');

/** One tile a filter drives: a query tile by `column`, a metric tile by `dimension`. */
export const filterBindingSchema = z
  .object({
    tileId: z.string().min(1),
    column: z.string().min(1).max(200).optional().describe('A result column of the query tile'),
    dimension: z.string().min(1).max(200).optional().describe('A dimension of the metric tile’s model'),
  })
  .strict()
  .refine((binding) => (binding.column === undefined) !== (binding.dimension === undefined), {
    message: 'Give exactly one of column (query tile) or dimension (metric tile)',
    path: ['column'],
  });
export type FilterBinding = z.infer<typeof filterBindingSchema>;

export const dashboardFilterSchema = z
  .object({
    name: dashboardFilterNameSchema,
    label: z.string().trim().min(1).max(100).describe('Shown above the control'),
    kind: z.enum(dashboardFilterKinds),
    bindings: z.array(filterBindingSchema).max(50).default([]),
  })
  .strict();
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

export const dashboardFiltersSchema = z
  .array(dashboardFilterSchema)
  .max(dashboardFilterLimit)
  .superRefine((filters, context) => {
    const seen = new Set<string>();
    filters.forEach((filter, index) => {
      if (seen.has(filter.name))
        context.addIssue({
          code: 'custom',
          message: `Two filters are named ${filter.name}`,
          path: [index, 'name'],
        });
      seen.add(filter.name);
    });
  });

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A date range's ends, either of them open: `2024-01-01..2024-03-31`, `2024-01-01..`, `..2024-03-31`. */
export interface DateRangeValue {
  kind: 'date';
  from: string | null;
  /** The last day included. */
  to: string | null;
}
export interface NumberRangeValue {
  kind: 'number';
  min: number | null;
  max: number | null;
}
export interface CategoryValue {
  kind: 'category';
  values: string[];
}
export type FilterValue = DateRangeValue | NumberRangeValue | CategoryValue;

function realDay(text: string): boolean {
  if (!isoDay.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** The two ends of `a..b`, empty ends as null; null when there is no `..`. */
function rangeEnds(text: string): [string | null, string | null] | null {
  const at = text.indexOf('..');
  if (at < 0) return null;
  const from = text.slice(0, at).trim();
  const to = text.slice(at + 2).trim();
  return [from === '' ? null : from, to === '' ? null : to];
}

/**
 * Reads one filter's value from its address form; answers an error message when it is not one.
 * Category values are kept as given (quotes, semicolons and all): they are bound, never spliced.
 */
export function parseFilterValue(kind: DashboardFilterKind, given: readonly string[]): FilterValue | string {
  if (kind === 'category') {
    if (given.length > categoryValueLimit) return `At most ${categoryValueLimit} values`;
    if (given.some((value) => value.length > 500)) return 'A value is longer than 500 characters';
    return { kind, values: [...new Set(given)] };
  }
  if (given.length !== 1) return 'Give one range, as from..to';
  const ends = rangeEnds(given[0] ?? '');
  if (ends === null) return 'Give a range, as from..to (either end may be left out)';
  const [from, to] = ends;
  if (kind === 'date') {
    if ((from !== null && !realDay(from)) || (to !== null && !realDay(to)))
      return 'Dates are written YYYY-MM-DD';
    return { kind, from, to };
  }
  const min = from === null ? null : Number(from);
  const max = to === null ? null : Number(to);
  if ((min !== null && !Number.isFinite(min)) || (max !== null && !Number.isFinite(max)))
    return 'The ends of a number range are numbers';
  return { kind, min, max };
}

/** A filter's value in the address: the inverse of parseFilterValue. */
export function formatFilterValue(value: FilterValue): string[] {
  if (value.kind === 'category') return value.values;
  if (value.kind === 'date') return [`${value.from ?? ''}..${value.to ?? ''}`];
  return [`${value.min ?? ''}..${value.max ?? ''}`];
}

/** Whether the value filters anything (an empty range or no category value leaves tiles whole). */
export function filterValueIsSet(value: FilterValue): boolean {
  if (value.kind === 'category') return value.values.length > 0;
  if (value.kind === 'date') return value.from !== null || value.to !== null;
  return value.min !== null || value.max !== null;
}

/** The day after an ISO day: a date range includes its last day, so it ends before the next one. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The address key of a filter's value. */
export function filterParamKey(name: string): string {
  return `f.${name}`;
}

/**
 * GET /api/dashboards/{id}/data's query: `f.<name>` for each filter given, repeated for several
 * category values. Names and values are checked against the dashboard's filters by the server (400
 * naming `f.<name>`).
 */
export const dashboardDataQuerySchema = z
  .object({})
  .catchall(z.union([z.string().max(500), z.array(z.string().max(500)).max(categoryValueLimit)]));
export type DashboardDataQuery = z.infer<typeof dashboardDataQuerySchema>;

/** GET /api/dashboards/{id}/filters/{name}/values: values of a filter's first bound tile, bounded. */
export const filterValuesSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
  /** More distinct values exist than were answered. */
  truncated: z.boolean(),
});
export type FilterValues = z.infer<typeof filterValuesSchema>;

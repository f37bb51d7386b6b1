import type { Token } from './words.ts';

/*
 * What the offline analyst understood of a question, before it knows the schema: the kind of
 * answer and the phrases that name tables, columns and values. Resolving the phrases against the
 * database is the planner's job.
 */

export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max';
export type Direction = 'desc' | 'asc';
export type Comparison = '=' | '!=' | '>' | '>=' | '<' | '<=';

/** A family of columns an adjective or a loose word points to ("cheapest" → a price). */
export type MeasureHint = 'money' | 'price' | 'duration' | 'size' | 'date';

/** Units a duration or a size may be said in ("longer than 5 minutes", "in gigabytes"). */
export type Unit =
  | 'millisecond'
  | 'second'
  | 'minute'
  | 'hour'
  | 'byte'
  | 'kilobyte'
  | 'megabyte'
  | 'gigabyte';

export interface Filter {
  /** The column the user named ("billing country"), or the thing said to be there or missing. */
  column: Token[] | null;
  /**
   * `=` and `!=` with one value or a list ("Germany or France"); the other comparisons with one
   * value; `between` with two; `missing` and `present` with none ("without a manager", "with an
   * email", "with no orders").
   */
  op: Comparison | 'between' | 'missing' | 'present';
  values: string[];
  /**
   * How it was said: `named` ("where status is shipped"), `loose` ("from Germany", "in 2010"),
   * `bare` (a leftover word such as "cancelled orders"), `presence` (has or has no …), or
   * `measure` ("longer than 5 minutes": a column known by a hint).
   */
  form: 'named' | 'loose' | 'bare' | 'presence' | 'measure';
  /** The unit the values are said in, for a `measure` filter. */
  unit: Unit | null;
  hint: MeasureHint | null;
  /** Said in a follow-up: it replaces the earlier question's filter on the same column. */
  replaces: boolean;
}

export interface Measure {
  aggregate: Aggregate | null;
  words: Token[];
  hint: MeasureHint | null;
}

/** "in minutes", "in thousands", "in gigabytes": how to show a figure. */
export interface Scale {
  said: string;
  unit: Unit | 'thousand' | 'million' | 'billion';
}

export type Question =
  | { kind: 'sql'; sql: string }
  | { kind: 'tables' }
  | { kind: 'describe'; target: Token[] }
  | { kind: 'count'; target: Token[]; filters: Filter[]; by: Token[] | null; listing: boolean }
  | {
      kind: 'rows';
      target: Token[];
      filters: Filter[];
      limit: number;
      order: { words: Token[]; hint: MeasureHint | null; direction: Direction } | null;
    }
  | {
      kind: 'top';
      target: Token[];
      filters: Filter[];
      limit: number;
      /** One was asked for by "which" or "the" rather than a number: every row tied for first is the answer. */
      ties: boolean;
      direction: Direction;
      ranking: Measure | null;
    }
  | {
      kind: 'aggregate';
      measure: Measure & { aggregate: Aggregate };
      target: Token[];
      filters: Filter[];
      by: Token[] | null;
      scale: Scale | null;
    }
  | { kind: 'distinct'; column: Token[]; target: Token[]; filters: Filter[]; count: boolean }
  /** "average number of lines per order", "average quantity per order": an average over parents. */
  | { kind: 'per'; counted: Token[] | null; measure: Measure | null; per: Token[]; filters: Filter[] }
  /** "what percentage of orders were cancelled", "share of revenue by category". */
  | { kind: 'share'; of: Extract<Question, { kind: 'count' | 'aggregate' }> }
  /** Something it knows it cannot do: `words` are the words that say it. */
  | { kind: 'unsupported'; reason: UnsupportedReason; words: string }
  | { kind: 'unknown' };

export type UnsupportedReason = 'relative-time' | 'currency' | 'unit' | 'number';

export type QuestionKind = Question['kind'];

/** A filter as most clauses make it: one value, compared for equality. */
export function valueFilter(
  form: Filter['form'],
  values: string[],
  options: Partial<Omit<Filter, 'form' | 'values'>> = {},
): Filter {
  return {
    column: options.column ?? null,
    op: options.op ?? '=',
    values,
    form,
    unit: options.unit ?? null,
    hint: options.hint ?? null,
    replaces: options.replaces ?? false,
  };
}

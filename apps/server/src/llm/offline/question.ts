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

export interface Filter {
  /** The column the user named ("billing country"); null: the value is looked up in the table. */
  column: Token[] | null;
  op: Comparison;
  value: string;
  /**
   * How it was said: `named` ("where status is shipped"), `loose` ("from Germany", "in 2010"),
   * or `bare` (a leftover word such as "cancelled orders", dropped with a note when not found).
   */
  form: 'named' | 'loose' | 'bare';
}

export interface Measure {
  aggregate: Aggregate | null;
  words: Token[];
  hint: MeasureHint | null;
}

export type Question =
  | { kind: 'sql'; sql: string }
  | { kind: 'tables' }
  | { kind: 'describe'; target: Token[] }
  | { kind: 'count'; target: Token[]; filters: Filter[]; by: Token[] | null }
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
      direction: Direction;
      ranking: Measure | null;
    }
  | {
      kind: 'aggregate';
      measure: Measure & { aggregate: Aggregate };
      target: Token[];
      filters: Filter[];
      by: Token[] | null;
    }
  | { kind: 'distinct'; column: Token[]; target: Token[]; filters: Filter[]; count: boolean }
  | { kind: 'unknown' };

export type QuestionKind = Question['kind'];

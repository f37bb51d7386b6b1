import type { Aggregate, Direction } from './question.ts';
import type { KnownTable } from './schema-knowledge.ts';

/*
 * What the planner decides at a step: learn more (describe tables, look a value up), run the
 * query it built, answer from what it already has, or explain what it could not do. Plans are
 * rebuilt the same way at every step from the same tool results, so the answer step knows what
 * the query meant.
 */

/** How to word the answer once the query ran. */
export type AnswerSpec =
  | { kind: 'count'; subject: string }
  | { kind: 'scalar'; aggregate: Aggregate; measure: string; subject: string; scale: string | null }
  | {
      kind: 'grouped';
      aggregate: Aggregate;
      /** The measured column; null when counting rows. */
      measure: string | null;
      subject: string;
      dimension: string;
      labels: string[];
      value: string;
      limit: number | null;
      direction: Direction;
    }
  | {
      kind: 'ranked';
      subject: string;
      column: string;
      labels: string[];
      /** Ranked by a date: latest and earliest rather than highest and lowest. */
      dated: boolean;
      direction: Direction;
      limit: number;
    }
  | { kind: 'distinct'; subject: string; column: string; count: boolean }
  /** A percentage: of the rows (or the measure) meeting `part`, or of each group's. */
  | {
      kind: 'share';
      subject: string;
      measure: string | null;
      part: string | null;
      dimension: string | null;
      labels: string[];
      value: string;
    }
  /** An average over parents: rows (or a measure's total) per parent row or per period. */
  | { kind: 'per'; counted: string; measure: string | null; per: string }
  | { kind: 'rows'; subject: string; limit: number }
  | { kind: 'sql' };

export interface QueryPlan {
  sql: string;
  title: string;
  answer: AnswerSpec;
  /** The filters applied, in words ("BillingCountry is 'Germany'"). */
  filters: string[];
  /** What the reader should know about how the question was read. */
  notes: string[];
  /** Words of the question the query accounts for: its tables, columns, values, units. */
  vocabulary: Set<string>;
}

export type PlanOutcome =
  | { kind: 'describe'; tables: string[] }
  | { kind: 'search'; query: string }
  | { kind: 'probe'; sql: string; title: string }
  | { kind: 'query'; plan: QueryPlan }
  | { kind: 'columns'; table: KnownTable }
  | { kind: 'clarify'; question: string; vocabulary: Set<string> }
  | { kind: 'fail'; reason: string };

/** The planner needs these tables described before it can go on. */
export class NeedTables extends Error {
  readonly names: string[];
  constructor(names: string[]) {
    super(`Need ${names.join(', ')}`);
    this.names = names;
  }
}

/** The planner needs to know where values appear: run this probe first. */
export class NeedProbe extends Error {
  readonly sql: string;
  constructor(sql: string) {
    super('Need a probe');
    this.sql = sql;
  }
}

/** The table list was cut short and no table fits: search the schema for these words first. */
export class NeedSearch extends Error {
  readonly words: string;
  constructor(words: string) {
    super(`Need to search for ${words}`);
    this.words = words;
  }
}

/** The question cannot be answered with this schema; the message says why. */
export class CannotAnswer extends Error {}

/** The question has several readings; `message` asks which, `vocabulary` is what it understood. */
export class NeedClarification extends Error {
  readonly vocabulary: Set<string>;
  constructor(question: string, vocabulary: Set<string>) {
    super(question);
    this.vocabulary = vocabulary;
  }
}

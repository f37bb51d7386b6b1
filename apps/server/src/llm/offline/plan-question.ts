import { findDimension } from './dimension.ts';
import type { PlanContext } from './plan-context.ts';
import { requireTable } from './plan-context.ts';
import { planAggregate } from './plan-measures.ts';
import { planPer } from './plan-per.ts';
import { planMeasure, planTop } from './plan-top.ts';
import type { PlanOutcome, QueryPlan } from './plan-types.ts';
import { CannotAnswer, NeedClarification, NeedProbe, NeedSearch, NeedTables } from './plan-types.ts';
import { type QueryBuilder, queryOver } from './query-builder.ts';
import type { Question } from './question.ts';
import { valueFilter } from './question.ts';
import { resolveFilters } from './resolve-filters.ts';
import { GOOD_FIT, columnScore, hintScore, labelColumns, matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import { describedTable } from './schema-knowledge.ts';
import { bareFilters, describedTables, findSubject, namedTables, prefetch } from './subject.ts';
import type { Token } from './words.ts';
import { sameVerb } from './words.ts';

/*
 * A question and the schema learned so far → the next thing to do. Planning runs again from the
 * start at every step; when it needs a table described or a value looked up, it stops there and
 * says so, and the step after has what it asked for.
 */

type Kind<K extends Question['kind']> = Extract<Question, { kind: K }>;

const said = (tokens: readonly Token[]) => tokens.map((token) => token.raw).join(' ');

/** A table not found in a cut-short listing may be further down: search for it once. */
export function searchFirst(context: PlanContext, words: readonly Token[]): void {
  const { knowledge } = context;
  const partial = (knowledge.totalTables ?? 0) > knowledge.listing.length;
  if (partial && !knowledge.searched && words.length > 0) {
    throw new NeedSearch(words.map((token) => token.norm).join(' '));
  }
}

export function subjectTable(context: PlanContext, question: Kind<'count' | 'rows' | 'top' | 'distinct'>) {
  const subject = findSubject(context, question.target, question.filters);
  if (subject.name === null) {
    searchFirst(context, question.target);
    const words = said(question.target);
    throw new CannotAnswer(
      words === '' ? 'I could not tell which table you mean.' : `I could not find a table for "${words}".`,
    );
  }
  return { table: requireTable(context, subject.name), subject };
}

function planCount(context: PlanContext, question: Kind<'count'>, share: boolean): QueryPlan {
  const named = findSubject(context, question.target, question.filters);
  const tables = namedTables(context, question);
  if (named.name === null && question.by !== null && question.target.length > 0) {
    // "sales by country": no table is named, so the words are a measure to total.
    prefetch(context, question, true);
    return planMeasure(
      context,
      {
        kind: 'aggregate',
        measure: { aggregate: 'sum', words: question.target, hint: null },
        target: [],
        filters: question.filters,
        by: question.by,
        scale: null,
      },
      share,
    );
  }
  const { table, subject } = subjectTable(context, question);
  const filters = [...subject.filters, ...bareFilters(table, subject.rest, question.target, context.names)];
  let by = question.by;
  if (by !== null && findDimension(context, table, by) === null) {
    // "albums by AC/DC": not something to group on, but who made them.
    filters.push(valueFilter('loose', [said(by)]));
    by = null;
    if (question.listing && !share)
      return planRows(context, { kind: 'rows', target: question.target, filters, limit: 1000, order: null });
  }
  return planAggregate(context, {
    aggregate: 'count',
    measure: null,
    from: table,
    within: [],
    by: by === null ? null : { tokens: by },
    filters,
    limit: null,
    direction: 'desc',
    named: tables,
    share,
  });
}

function orderColumn(table: KnownTable, question: Kind<'rows'>): KnownColumn | null {
  const { order } = question;
  if (order === null) return null;
  const words = order.words.map((token) => token.norm);
  const scored = table.columns
    .map((column) => ({
      column,
      score:
        words.length > 0 ? columnScore(words, table, column) : order.hint ? hintScore(order.hint, column) : 0,
    }))
    .filter((entry) => entry.score >= (words.length > 0 ? GOOD_FIT : 1))
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.column ?? null;
  if (best) return best;
  if (words.length > 0)
    throw new CannotAnswer(`I could not find a column "${said(order.words)}" in ${table.name}.`);
  // "the last orders" with no date: the newest keys.
  return table.columns.find((column) => table.primaryKey.includes(column.name)) ?? null;
}

/**
 * "the latest hired" (from "who was hired most recently"): the rows are those of the table whose
 * date the words name, the verb's form of it ("hired" → `hire_date`), when one table alone has it.
 */
function datedByVerb(
  context: PlanContext,
  question: Kind<'rows'>,
  tables: readonly KnownTable[],
): { table: KnownTable; column: KnownColumn; used: Token[] } | null {
  if (question.order?.hint !== 'date' || question.order.words.length > 0) return null;
  const found = tables.flatMap((table) =>
    table.columns
      .filter((column) => column.dateLike)
      .flatMap((column) => {
        const used = question.target.filter((token) =>
          column.words.some((word) => word !== 'date' && sameVerb(token.norm, word)),
        );
        return used.length > 0 ? [{ table, column, used }] : [];
      }),
  );
  return found.length === 1 ? (found[0] ?? null) : null;
}

// Tables the analyst may describe all at once to find a date no table name points to.
const SMALL_DATABASE = 20;

function rowsSubject(context: PlanContext, question: Kind<'rows'>) {
  const named = findSubject(context, question.target, question.filters);
  if (named.name !== null) {
    const table = requireTable(context, named.name);
    const dated = datedByVerb(context, { ...question, target: named.rest }, [table]);
    if (!dated) return { ...subjectTable(context, question), dated: null };
    const rest = named.rest.filter((token) => !dated.used.includes(token));
    return { table, subject: { ...named, rest }, dated };
  }
  const dated = datedByVerb(context, question, describedTables(context));
  if (!dated && question.order?.hint === 'date' && question.order.words.length === 0) {
    // No table is named: the dates of a small database's tables say whose rows these are.
    const undescribed = context.names.filter((name) => !describedTable(context.knowledge, name));
    if (undescribed.length > 0 && context.names.length <= SMALL_DATABASE) throw new NeedTables(undescribed);
  }
  if (!dated) return { ...subjectTable(context, question), dated: null };
  const rest = question.target.filter((token) => !dated.used.includes(token));
  return {
    table: dated.table,
    subject: { name: dated.table.name, rest, filters: [...question.filters] },
    dated,
  };
}

/**
 * "Who was hired most recently": every row sharing the latest date, not one of them picked by
 * chance. Only over the table alone (no join), so its conditions read the same in the subquery.
 */
function firstTies(
  query: QueryBuilder,
  table: KnownTable,
  order: KnownColumn,
  direction: 'ASC' | 'DESC',
  conditions: readonly string[],
): string {
  const column = query.column(table, order.name);
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  const extreme = direction === 'DESC' ? 'MAX' : 'MIN';
  return `${column} = (SELECT ${extreme}(${column}) FROM ${query.dialect.table(table.name)}${where})`;
}

function planRows(context: PlanContext, question: Kind<'rows'>): QueryPlan {
  const { table, subject, dated } = rowsSubject(context, question);
  const filters = [...subject.filters, ...bareFilters(table, subject.rest, question.target, context.names)];
  const resolved = resolveFilters(context, table, filters, { named: namedTables(context, question) });
  const query = queryOver(context.dialect, table, resolved.paths);
  const order = dated?.column ?? orderColumn(table, question);
  const direction = question.order?.direction === 'asc' ? 'ASC' : 'DESC';
  const conditions = resolved.conditions.map((condition) => condition.write(query));
  const tied =
    order !== null &&
    question.limit === 1 &&
    resolved.paths.length === 0 &&
    !table.primaryKey.includes(order.name);
  const sql = query.sql({
    select: [query.star()],
    where: tied ? [...conditions, firstTies(query, table, order, direction, conditions)] : conditions,
    orderBy: order ? [`${query.column(table, order.name)} ${direction}`] : [],
    limit: tied ? null : question.limit,
  });
  const vocabulary = query.vocabulary();
  for (const word of resolved.explains) vocabulary.add(word);
  if (question.order?.hint === 'date') vocabulary.add('last').add('latest');
  for (const token of dated?.used ?? []) vocabulary.add(token.norm);
  return {
    sql,
    title: `Rows of ${table.name}`,
    filters: resolved.conditions.map((condition) => condition.described),
    notes: context.notes,
    vocabulary,
    answer: { kind: 'rows', subject: table.name, limit: question.limit },
  };
}

function planDistinct(context: PlanContext, question: Kind<'distinct'>): QueryPlan {
  let subject = findSubject(context, question.target, question.filters);
  let columnWords = question.column;
  if (subject.name === null) {
    // "different countries customers come from": the table is among the column's words.
    const inColumn = matchTable(question.column, context.names);
    if (inColumn) {
      subject = { ...subject, name: inColumn.name };
      columnWords = question.column.filter((_, index) => !inColumn.used.has(index));
    }
  }
  const words = columnWords.map((token) => token.norm);
  const fit = (table: KnownTable, column: KnownColumn) =>
    columnScore(words, table, column) + (column.kind === 'text' ? 0.5 : 0);
  let choice: { table: KnownTable; column: KnownColumn } | null = null;
  if (subject.name !== null) {
    const table = requireTable(context, subject.name);
    const column =
      words.length === 0
        ? (labelColumns(table)[0] ?? null)
        : (table.columns
            .map((candidate) => ({ candidate, score: fit(table, candidate) }))
            .filter((entry) => entry.score >= GOOD_FIT)
            .sort((a, b) => b.score - a.score)[0]?.candidate ?? null);
    if (column) choice = { table, column };
  } else {
    let best = 0;
    for (const table of describedTables(context)) {
      for (const column of table.columns) {
        const score = fit(table, column);
        if (score >= GOOD_FIT && score > best) {
          best = score;
          choice = { table, column };
        }
      }
    }
  }
  if (!choice) throw new CannotAnswer(`I could not find a column for "${said(question.column)}".`);
  const { table, column } = choice;
  const resolved = resolveFilters(context, table, subject.filters, { named: namedTables(context, question) });
  const query = queryOver(context.dialect, table, resolved.paths);
  const where = resolved.conditions.map((condition) => condition.write(query));
  const ref = query.column(table, column.name);
  const sql = question.count
    ? query.sql({ select: [query.as(`COUNT(DISTINCT ${ref})`, 'distinct_values')], where })
    : query.sql({ select: [ref], distinct: true, where, orderBy: [ref] });
  const vocabulary = query.vocabulary();
  for (const word of resolved.explains) vocabulary.add(word);
  return {
    sql,
    title: `${question.count ? 'Number of distinct' : 'Distinct'} ${column.name} of ${table.name}`,
    filters: resolved.conditions.map((condition) => condition.described),
    notes: context.notes,
    vocabulary,
    answer: { kind: 'distinct', subject: table.name, column: column.name, count: question.count },
  };
}

function plan(context: PlanContext, question: Question): PlanOutcome {
  switch (question.kind) {
    case 'describe': {
      const match = matchTable(question.target, context.names);
      if (!match) {
        searchFirst(context, question.target);
        throw new CannotAnswer(`I could not find a table for "${said(question.target)}".`);
      }
      return { kind: 'columns', table: requireTable(context, match.name) };
    }
    case 'count':
      prefetch(context, question, false);
      return { kind: 'query', plan: planCount(context, question, false) };
    case 'rows':
      prefetch(context, question, false);
      return { kind: 'query', plan: planRows(context, question) };
    case 'distinct':
      prefetch(context, question, true);
      return { kind: 'query', plan: planDistinct(context, question) };
    case 'top':
      prefetch(context, question, true);
      return { kind: 'query', plan: planTop(context, question) };
    case 'aggregate':
      prefetch(context, question, true);
      return { kind: 'query', plan: planMeasure(context, question, false) };
    case 'per':
      prefetch(context, question, true);
      return { kind: 'query', plan: planPer(context, question) };
    case 'share':
      prefetch(context, question.of, true);
      return {
        kind: 'query',
        plan:
          question.of.kind === 'count'
            ? planCount(context, question.of, true)
            : planMeasure(context, question.of, true),
      };
    case 'sql':
    case 'tables':
    case 'unsupported':
    case 'unknown':
      return { kind: 'fail', reason: 'Nothing to plan.' };
  }
}

/** The next step for a question, given what the tools told so far. */
export function planQuestion(context: PlanContext, question: Question): PlanOutcome {
  try {
    return plan(context, question);
  } catch (error) {
    if (error instanceof NeedTables) return { kind: 'describe', tables: error.names };
    if (error instanceof NeedSearch) return { kind: 'search', query: error.words };
    if (error instanceof NeedProbe)
      return { kind: 'probe', sql: error.sql, title: 'Where the values appear' };
    if (error instanceof NeedClarification)
      return { kind: 'clarify', question: error.message, vocabulary: error.vocabulary };
    if (error instanceof CannotAnswer) return { kind: 'fail', reason: error.message };
    throw error;
  }
}

import { applyFilters } from './filters.ts';
import type { PlanContext } from './plan-context.ts';
import { requireTable, requireTables } from './plan-context.ts';
import { measureCandidates, planAggregate, planRanked } from './plan-measures.ts';
import type { PlanOutcome, QueryPlan } from './plan-types.ts';
import { CannotAnswer, NeedProbe, NeedSearch, NeedTables } from './plan-types.ts';
import { queryOver } from './query-builder.ts';
import { parseMeasure } from './parse-question.ts';
import type { Question } from './question.ts';
import { GOOD_FIT, columnScore, hintScore, labelColumns, matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import { bareFilters, describedTables, findSubject, prefetch } from './subject.ts';
import type { Token } from './words.ts';

/*
 * A question and the schema learned so far → the next thing to do. Planning runs again from the
 * start at every step; when it needs a table described or a value looked up, it stops there and
 * says so, and the step after has what it asked for.
 */

type Kind<K extends Question['kind']> = Extract<Question, { kind: K }>;

const said = (tokens: readonly Token[]) => tokens.map((token) => token.raw).join(' ');

/** A table not found in a cut-short listing may be further down: search for it once. */
function searchFirst(context: PlanContext, words: readonly Token[]): void {
  const { knowledge } = context;
  const partial = (knowledge.totalTables ?? 0) > knowledge.listing.length;
  if (partial && !knowledge.searched && words.length > 0) {
    throw new NeedSearch(words.map((token) => token.norm).join(' '));
  }
}

function subjectTable(context: PlanContext, question: Kind<'count' | 'rows' | 'top' | 'distinct'>) {
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

function planCount(context: PlanContext, question: Kind<'count'>): QueryPlan {
  const named = findSubject(context, question.target, question.filters);
  if (named.name === null && question.by !== null && question.target.length > 0) {
    // "sales by country": no table is named, so the words are a measure to total.
    prefetch(context, question, true);
    const measure = parseMeasure(said(question.target));
    return planAggregate(context, {
      aggregate: 'sum',
      measure,
      from: null,
      within: describedTables(context),
      by: { tokens: question.by },
      filters: question.filters,
      limit: null,
      direction: 'desc',
    });
  }
  const { table, subject } = subjectTable(context, question);
  const filters = [...subject.filters, ...bareFilters(table, subject.rest, question.target)];
  return planAggregate(context, {
    aggregate: 'count',
    measure: null,
    from: table,
    within: [],
    by: question.by === null ? null : { tokens: question.by },
    filters,
    limit: null,
    direction: 'desc',
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

function planRows(context: PlanContext, question: Kind<'rows'>): QueryPlan {
  const { table, subject } = subjectTable(context, question);
  const filters = [...subject.filters, ...bareFilters(table, subject.rest, question.target)];
  const query = queryOver(context.dialect, table);
  const applied = applyFilters(context, table, filters, query);
  const order = orderColumn(table, question);
  const direction = question.order?.direction === 'asc' ? 'ASC' : 'DESC';
  const sql = query.sql({
    select: ['*'],
    where: applied.where,
    orderBy: order ? [`${query.column(table, order.name)} ${direction}`] : [],
    limit: question.limit,
  });
  return {
    sql,
    title: `Rows of ${table.name}`,
    filters: applied.described,
    notes: context.notes,
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
  let choice: { table: KnownTable; column: KnownColumn } | null = null;
  if (subject.name !== null) {
    const table = requireTable(context, subject.name);
    const column =
      words.length === 0
        ? (labelColumns(table)[0] ?? null)
        : (table.columns
            .map((candidate) => ({
              candidate,
              score: columnScore(words, table, candidate) + (candidate.kind === 'text' ? 0.5 : 0),
            }))
            .filter((entry) => entry.score >= GOOD_FIT)
            .sort((a, b) => b.score - a.score)[0]?.candidate ?? null);
    if (column) choice = { table, column };
  } else {
    let best = 0;
    for (const table of describedTables(context)) {
      for (const column of table.columns) {
        const score = columnScore(words, table, column) + (column.kind === 'text' ? 0.5 : 0);
        if (score >= GOOD_FIT && score > best) {
          best = score;
          choice = { table, column };
        }
      }
    }
  }
  if (!choice) throw new CannotAnswer(`I could not find a column for "${said(question.column)}".`);
  const { table, column } = choice;
  const query = queryOver(context.dialect, table);
  const applied = applyFilters(context, table, subject.filters, query);
  const ref = query.column(table, column.name);
  const sql = question.count
    ? query.sql({ select: [query.as(`COUNT(DISTINCT ${ref})`, 'distinct_values')], where: applied.where })
    : query.sql({ select: [ref], distinct: true, where: applied.where, orderBy: [ref] });
  return {
    sql,
    title: `${question.count ? 'Number of distinct' : 'Distinct'} ${column.name} of ${table.name}`,
    filters: applied.described,
    notes: context.notes,
    answer: { kind: 'distinct', subject: table.name, column: column.name, count: question.count },
  };
}

function planTop(context: PlanContext, question: Kind<'top'>): QueryPlan {
  const subject = findSubject(context, question.target, question.filters);
  const { ranking, limit, direction } = question;
  const common = { filters: subject.filters, limit, direction };
  if (subject.name === null) {
    if (question.target.length === 0) throw new CannotAnswer('I could not tell what to rank.');
    if (ranking) {
      // "top 5 countries by total sales": the words are a dimension, not a table.
      const counted = ranking.words.length > 0 ? matchTable(ranking.words, context.names) : null;
      if (counted && (ranking.aggregate === null || ranking.aggregate === 'count')) {
        const from = requireTable(context, counted.name);
        return planAggregate(context, {
          ...common,
          aggregate: 'count',
          measure: null,
          from,
          within: [],
          by: { tokens: question.target },
        });
      }
      return planAggregate(context, {
        ...common,
        aggregate: ranking.aggregate ?? 'sum',
        measure: ranking,
        from: null,
        within: describedTables(context),
        by: { tokens: question.target },
      });
    }
    // "the highest unit price": the extreme of a column.
    return planAggregate(context, {
      ...common,
      aggregate: direction === 'desc' ? 'max' : 'min',
      measure: { aggregate: null, words: question.target, hint: null },
      from: null,
      within: describedTables(context),
      by: null,
      limit: null,
    });
  }
  const table = requireTable(context, subject.name);
  if (ranking === null) {
    throw new CannotAnswer(
      `I could not tell what to rank ${table.name} by; say it with "by", e.g. "top 5 ${table.name} by …".`,
    );
  }
  if (ranking.words.length > 0 && (ranking.aggregate === null || ranking.aggregate === 'count')) {
    const counted = matchTable(ranking.words, context.names);
    if (counted && counted.name !== table.name) {
      const from = requireTable(context, counted.name);
      return planAggregate(context, {
        ...common,
        aggregate: 'count',
        measure: null,
        from,
        within: [],
        by: { table },
      });
    }
  }
  if (ranking.aggregate === null) {
    const own = measureCandidates(ranking, [table], { dates: true })[0];
    if (own) return planRanked(context, table, own, common);
  }
  // A measure kept in the tables that point to this one ("customers by total spent").
  requireTables(context, table.referencedBy);
  const within = describedTables(context).filter((other) => other !== table);
  return planAggregate(context, {
    ...common,
    aggregate: ranking.aggregate ?? 'sum',
    measure: ranking,
    from: null,
    within,
    by: { table },
  });
}

function planMeasure(context: PlanContext, question: Kind<'aggregate'>): QueryPlan {
  const subject = findSubject(context, question.target, question.filters);
  const from = subject.name === null ? null : requireTable(context, subject.name);
  const fits = from !== null && measureCandidates(question.measure, [from]).length > 0;
  return planAggregate(context, {
    aggregate: question.measure.aggregate,
    measure: question.measure,
    from: fits ? from : null,
    within: describedTables(context),
    by: question.by === null ? null : { tokens: question.by },
    filters: subject.filters,
    limit: null,
    direction: 'desc',
  });
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
      return { kind: 'query', plan: planCount(context, question) };
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
      return { kind: 'query', plan: planMeasure(context, question) };
    case 'sql':
    case 'tables':
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
    if (error instanceof CannotAnswer) return { kind: 'fail', reason: error.message };
    throw error;
  }
}

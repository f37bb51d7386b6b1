import { hintVocabulary } from './parse-measure.ts';
import type { PlanContext } from './plan-context.ts';
import { requireTable, requireTables, sameTable } from './plan-context.ts';
import { measureCandidates, salesWords } from './measure-candidates.ts';
import { planAggregate } from './plan-measures.ts';
import { planRanked } from './plan-ranked.ts';
import { addsUpWords, averagedWords, averagePerParent } from './plan-per.ts';
import type { QueryPlan } from './plan-types.ts';
import { CannotAnswer, NeedClarification } from './plan-types.ts';
import type { Filter, Question } from './question.ts';
import { valueFilter } from './question.ts';
import { resolveFilters } from './resolve-filters.ts';
import { isYesNo } from './presence.ts';
import { matchTable } from './resolve-names.ts';
import type { KnownTable } from './schema-knowledge.ts';
import { bareFilters, describedTables, findSubject, namedTables } from './subject.ts';
import type { Token } from './words.ts';
import { identifierWords, stopWords } from './words.ts';

/*
 * Rankings and measures: "top 5 artists by number of albums", "the 3 cheapest products", "top 5
 * products by revenue", "total sales of Jazz", "average order value". A ranking that says nothing
 * of by what ("the best customers") is asked about, not guessed.
 */

type Kind<K extends Question['kind']> = Extract<Question, { kind: K }>;

const said = (tokens: readonly Token[]) => tokens.map((token) => token.raw).join(' ');

/** Asks by what to rank, with examples this table can answer. */
function askRanking(context: PlanContext, table: KnownTable, limit: number, filters: Filter[]): never {
  const resolved = resolveFilters(context, table, filters, {});
  const numeric = table.columns.find((column) => column.kind === 'number' && !column.key);
  const related = requireTables(context, table.referencedBy);
  const priced = related.some((other) =>
    other.columns.some((column) => column.words.includes('price') || column.words.includes('amount')),
  );
  const name = table.name;
  const examples = [
    ...(numeric ? [`"top ${limit} ${name} by ${numeric.name}"`] : []),
    ...(related[0] ? [`"top ${limit} ${name} by number of ${related[0].name}"`] : []),
    ...(priced ? [`"top ${limit} ${name} by revenue"`] : []),
  ];
  const vocabulary = new Set(identifierWords(name, { table: true }));
  for (const word of resolved.explains) vocabulary.add(word);
  throw new NeedClarification(
    `By what should I rank \`${name}\`?${examples.length > 0 ? ` For example ${examples.join(', or ')}.` : ''} Which do you mean?`,
    vocabulary,
  );
}

export function planTop(context: PlanContext, question: Kind<'top'>): QueryPlan {
  const subject = findSubject(context, question.target, question.filters);
  const { ranking, limit, direction, ties } = question;
  const named = namedTables(context, question);
  if (subject.name === null) {
    if (question.target.length === 0) throw new CannotAnswer('I could not tell what to rank.');
    const common = { filters: subject.filters, limit, direction, ties, named };
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
  const filters = [...subject.filters, ...bareFilters(table, subject.rest, question.target, context.names)];
  const common = { filters, limit, direction, ties, named };
  if (ranking === null) return askRanking(context, table, limit, filters);
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
    // Its own column, when named ("by unit price") or pointed to ("cheapest"); money the table
    // only prices ("top products by revenue") is what its related rows add up to, not its price.
    const own = measureCandidates(ranking, [table], { dates: true }).filter(
      (choice) => ranking.hint !== 'money' || !choice.hinted,
    )[0];
    if (own) return planRanked(context, table, own, { ...common, hint: ranking.hint });
  }
  // A measure kept in the tables that point to this one ("customers by total spent").
  requireTables(context, table.referencedBy);
  const within = describedTables(context).filter((other) => other !== table);
  // "the student with the highest score": a score is not added up across a student's rows, and
  // whether the best or the average one is meant is not said. Declined rather than summed.
  if (ranking.aggregate === null && ranking.hint !== 'money') {
    const [choice] = measureCandidates(ranking, within);
    if (choice && !choice.times && choice.column.words.some((word) => averagedWords.has(word)))
      throw new CannotAnswer(
        `${choice.column.name} is not added up, and you did not say whether the highest single ${choice.column.name} or the highest average is meant.`,
      );
  }
  return planAggregate(context, {
    ...common,
    aggregate: ranking.aggregate ?? 'sum',
    measure: ranking,
    from: null,
    within,
    by: { table },
  });
}

/**
 * Words of a measure that name no column or table here are values: "total sales of Jazz" totals
 * sales where something is Jazz.
 */
function splitMeasure(
  context: PlanContext,
  question: Kind<'aggregate'>,
): { words: Token[]; values: Filter[] } {
  // Verbs of selling say where the measure is kept ("quantity sold"), never a value.
  const known = new Set<string>([
    ...(question.measure.hint ? hintVocabulary[question.measure.hint] : []),
    ...salesWords,
  ]);
  for (const table of describedTables(context)) {
    for (const word of table.words) known.add(word);
    // Words of a yes-or-no column are a condition ("price of active products"), not the measure.
    for (const column of table.columns)
      if (!isYesNo(column)) for (const word of column.words) known.add(word);
  }
  const words: Token[] = [];
  const values: Filter[] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length > 0) values.push(valueFilter('bare', [said(run)]));
    run = [];
  };
  for (const token of question.measure.words) {
    if (known.has(token.norm)) {
      flush();
      words.push(token);
    } else if (!stopWords.has(token.norm)) run.push(token);
  }
  flush();
  return { words, values };
}

/**
 * The table a question averages over when it names one (as its subject, or among the measure's
 * words) that does not hold the figure itself while a table belonging to it does: the average
 * per row of that table, or a refusal. Null when no such table is named.
 */
function averageOfNamedParent(
  context: PlanContext,
  question: Kind<'aggregate'>,
  measure: Kind<'aggregate'>['measure'],
  filters: Filter[],
  holder: KnownTable | null,
): QueryPlan | null {
  if (holder !== null) return null;
  const subject = findSubject(context, question.target, question.filters);
  const inMeasure = subject.name === null ? matchTable(question.measure.words, context.names) : null;
  const name = subject.name ?? inMeasure?.name ?? null;
  if (name === null) return null;
  const parent = requireTable(context, name);
  const words =
    subject.name !== null
      ? question.target.filter((token) => !subject.rest.includes(token))
      : question.measure.words.filter((_, index) => inMeasure?.used.has(index));
  const rest = { ...measure, words: measure.words.filter((token) => !words.includes(token)) };
  if (measureCandidates(rest, [parent]).length > 0) return null;
  const children = measureCandidates(rest, describedTables(context)).filter((choice) =>
    choice.table.foreignKeys.some((key) => sameTable(key.table, parent.name)),
  );
  const [best] = children;
  // A score or a price of the lines is averaged over the lines ("the average score of students in
  // York"); only what adds up is added up per parent first.
  if (!best || (!best.times && !addsUpWords(best.column.words))) return null;
  const perParent = averagePerParent(context, {
    measure: rest,
    by: words,
    filters,
    from: null,
    scale: question.scale,
  });
  if (perParent) return perParent;
  throw new CannotAnswer(
    `what is averaged is kept in rows belonging to ${parent.name}, and I cannot add it up per ${parent.name} here.`,
  );
}

export function planMeasure(context: PlanContext, question: Kind<'aggregate'>, share: boolean): QueryPlan {
  const subject = findSubject(context, question.target, question.filters);
  const from = subject.name === null ? null : requireTable(context, subject.name);
  const split = splitMeasure(context, question);
  if (split.words.length === 0 && question.measure.hint === null) {
    throw new CannotAnswer(`I could not find a numeric column for "${said(question.measure.words)}".`);
  }
  const measure = { ...question.measure, words: split.words };
  const fits = from !== null && measureCandidates(measure, [from]).length > 0;
  const filters = [...subject.filters, ...split.values];
  if (from !== null) filters.push(...bareFilters(from, subject.rest, question.target, context.names));
  // "the average order total", "the average value of an order": an order is named and the
  // figure is kept in its lines. Averaged per order (each order's lines added up), or declined:
  // never the average line.
  if (measure.aggregate === 'avg' && question.by === null && !share) {
    const perParent = averageOfNamedParent(context, question, measure, filters, fits ? from : null);
    if (perParent) return perParent;
  }
  if (measure.aggregate === 'avg' && question.by !== null && !share) {
    const per = averagePerParent(context, {
      measure,
      by: question.by,
      filters,
      from: fits ? from : null,
      scale: question.scale,
    });
    if (per) return per;
  }
  return planAggregate(context, {
    aggregate: measure.aggregate,
    measure,
    from: fits ? from : null,
    within: describedTables(context),
    by: question.by === null ? null : { tokens: question.by },
    filters,
    limit: null,
    direction: 'desc',
    named: namedTables(context, question),
    share,
    scale: question.scale,
  });
}

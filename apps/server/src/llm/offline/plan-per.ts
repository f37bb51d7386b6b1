import type { PlanContext } from './plan-context.ts';
import { requireTable, requireTables, sameTable } from './plan-context.ts';
import { measureCandidates } from './measure-candidates.ts';
import { hintVocabulary } from './parse-measure.ts';
import type { QueryPlan } from './plan-types.ts';
import { CannotAnswer } from './plan-types.ts';
import type { Filter, Measure, Question, Scale } from './question.ts';
import { matchTable } from './resolve-names.ts';
import type { ForeignKey, KnownColumn, KnownTable } from './schema-knowledge.ts';
import { describedTables } from './subject.ts';
import type { Token } from './words.ts';
import { identifierWords } from './words.ts';

/*
 * Averages over parents: "average number of lines per order" counts each order's lines and
 * averages the counts, orders without lines counting 0; "average quantity per order" adds up each
 * order's quantities first; "average number of orders per month" averages the months' counts.
 * Only additive measures (quantities, amounts, sizes) are added up per parent: "average unit
 * price per category" stays an average by category.
 */

const said = (tokens: readonly Token[]) => tokens.map((token) => token.raw).join(' ');
const periods = new Set(['day', 'week', 'month', 'year']);
/** Words of what adds up per parent (an order's quantity, an invoice's amount), not of a rate or a pay. */
export const additiveWords: ReadonlySet<string> = new Set([
  'quantity',
  'qty',
  'amount',
  'total',
  'revenue',
  'sale',
  'byte',
  'size',
  'millisecond',
  'second',
  'duration',
  'count',
  'number',
]);

/** Words of a figure per row that is compared, never added up per parent: a price, a rate, a pay. */
export const perRowWords: ReadonlySet<string> = new Set([
  'price',
  'rate',
  'percent',
  'ratio',
  'salary',
  'pay',
  'wage',
  'compensation',
]);

/** Words of a figure that is averaged or compared, never added up across rows: a score, an age. */
export const averagedWords: ReadonlySet<string> = new Set([
  ...perRowWords,
  'score',
  'rating',
  'grade',
  'mark',
  'age',
  'level',
  'rank',
  'temperature',
  'percentage',
]);

/** Whether words name what adds up per parent: an additive word and no per-row word. */
export function addsUpWords(words: readonly string[]): boolean {
  return words.some((word) => additiveWords.has(word)) && !words.some((word) => perRowWords.has(word));
}

function additive(column: KnownColumn): boolean {
  return addsUpWords(column.words);
}

/** The key by which `child` points to `parent`. */
function keyTo(child: KnownTable, parent: KnownTable): ForeignKey | null {
  return child.foreignKeys.find((key) => sameTable(key.table, parent.name)) ?? null;
}

function vocabulary(
  tables: readonly KnownTable[],
  columns: readonly KnownColumn[],
  extra: readonly string[],
): Set<string> {
  const words = new Set<string>(extra);
  for (const table of tables)
    for (const word of [...table.words, ...identifierWords(table.name)]) words.add(word);
  for (const column of columns) for (const word of column.words) words.add(word);
  return words;
}

function perParentSql(
  context: PlanContext,
  child: KnownTable,
  parent: KnownTable,
  key: ForeignKey,
  operand: string | null,
): string {
  const { dialect } = context;
  const on = key.columns.map(
    (name, index) => `c.${dialect.id(name)} = p.${dialect.id(key.refColumns[index] ?? name)}`,
  );
  const parentKeys = (parent.primaryKey.length > 0 ? parent.primaryKey : key.refColumns).map(
    (name) => `p.${dialect.id(name)}`,
  );
  const childKey = child.primaryKey[0] ?? key.columns[0] ?? '';
  const inner = operand === null ? `COUNT(c.${dialect.id(childKey)})` : `COALESCE(SUM(${operand}), 0)`;
  return [
    `SELECT AVG(per_parent.n) AS ${dialect.id(`average_per_${identifierWords(parent.name, { table: true }).join('_')}`)}`,
    `FROM (`,
    `  SELECT ${parentKeys.join(', ')}, ${inner} AS n`,
    `  FROM ${dialect.table(parent.name)} AS p`,
    `  LEFT JOIN ${dialect.table(child.name)} AS c ON ${on.join(' AND ')}`,
    `  GROUP BY ${parentKeys.join(', ')}`,
    `) AS per_parent`,
  ].join('\n');
}

function perPeriodSql(
  context: PlanContext,
  table: KnownTable,
  unit: string,
): { sql: string; column: KnownColumn } {
  const { dialect } = context;
  const column = table.columns.find((candidate) => candidate.dateLike);
  if (!column || (unit !== 'month' && unit !== 'year')) {
    throw new CannotAnswer(`I could not count ${table.name} by ${unit}.`);
  }
  const ref = dialect.id(column.name);
  const period = unit === 'month' ? dialect.month(ref) : dialect.year(ref);
  const sql = [
    `SELECT AVG(per_period.n) AS ${dialect.id(`average_per_${unit}`)}`,
    `FROM (`,
    `  SELECT ${period} AS period, COUNT(*) AS n`,
    `  FROM ${dialect.table(table.name)}`,
    `  GROUP BY ${period}`,
    `) AS per_period`,
  ].join('\n');
  return { sql, column };
}

function noFilters(filters: readonly Filter[], what: string): void {
  if (filters.length > 0)
    throw new CannotAnswer(`I cannot yet narrow an average per ${what} with conditions.`);
}

/** "average number of X per Y". */
/** The counted table: named outright, or a table pointing to the parent whose name has the words ("lines" of order_lines). */
function countedTable(context: PlanContext, words: readonly Token[], parent: KnownTable | null): KnownTable {
  const counted = matchTable(words, context.names);
  if (counted) return requireTable(context, counted.name);
  const norms = words.map((token) => token.norm);
  const children = parent === null ? [] : requireTables(context, parent.referencedBy);
  const child = children.find(
    (table) => norms.length > 0 && norms.every((word) => table.words.includes(word)),
  );
  if (child) return child;
  throw new CannotAnswer(`I could not find a table for "${said(words)}".`);
}

export function planPer(context: PlanContext, question: Extract<Question, { kind: 'per' }>): QueryPlan {
  const perWords = question.per.map((token) => token.norm);
  const perTable =
    perWords.length === 1 && periods.has(perWords[0] ?? '') ? null : matchTable(question.per, context.names);
  const child = countedTable(
    context,
    question.counted ?? [],
    perTable ? requireTable(context, perTable.name) : null,
  );
  noFilters(question.filters, said(question.per));
  if (perWords.length === 1 && periods.has(perWords[0] ?? '')) {
    const unit = perWords[0] ?? '';
    const { sql, column } = perPeriodSql(context, child, unit);
    return {
      sql,
      title: `Average ${child.name} rows per ${unit}`,
      answer: { kind: 'per', counted: child.name, measure: null, per: unit },
      filters: [],
      notes: [
        ...context.notes,
        `I averaged over the ${unit}s that have ${child.name} rows, by ${column.name}.`,
      ],
      vocabulary: vocabulary([child], [column], [unit]),
    };
  }
  if (!perTable) throw new CannotAnswer(`I could not find a table for "${said(question.per)}".`);
  const parent = requireTable(context, perTable.name);
  const key = keyTo(child, parent);
  if (!key)
    throw new CannotAnswer(
      `${child.name} does not point to ${parent.name}, so I cannot count it per ${parent.name}.`,
    );
  return {
    sql: perParentSql(context, child, parent, key, null),
    title: `Average ${child.name} rows per ${parent.name}`,
    answer: { kind: 'per', counted: child.name, measure: null, per: parent.name },
    filters: [],
    notes: [...context.notes, `${parent.name} rows with no ${child.name} count as 0.`],
    vocabulary: vocabulary([child, parent], [], []),
  };
}

/** Rows people call by a name or a title (a genre, a customer) are groups; an order or an invoice is an event. */
function named(table: KnownTable): boolean {
  return table.columns.some(
    (column) =>
      column.kind === 'text' &&
      !column.key &&
      (column.words.includes('name') || column.words.includes('title')),
  );
}

/**
 * "average order value" when the order holds its own total (`orders.total_amount`): each order's
 * figure is already on its row, so the average per order is the average of that column.
 */
function ownTotal(
  context: PlanContext,
  input: { measure: Measure; filters: Filter[]; scale: Scale | null },
  parent: KnownTable,
): QueryPlan | null {
  const choice = measureCandidates(input.measure, [parent]).find(
    (candidate) => candidate.table === parent && !candidate.times && additive(candidate.column),
  );
  if (!choice) return null;
  noFilters(input.filters, parent.name);
  const { dialect } = context;
  const hinted = choice.hinted && input.measure.hint ? [...hintVocabulary[input.measure.hint]] : [];
  return {
    sql: [
      `SELECT AVG(${dialect.id(choice.column.name)}) AS ${dialect.id(`average_${identifierWords(choice.column.name).join('_')}`)}`,
      `FROM ${dialect.table(parent.name)}`,
    ].join('\n'),
    title: `Average ${choice.column.name} per ${parent.name}`,
    answer: {
      kind: 'scalar',
      aggregate: 'avg',
      measure: choice.column.name,
      subject: parent.name,
      scale: null,
    },
    filters: [],
    notes: [...context.notes, `Each ${parent.name} row holds its own ${choice.column.name}: I averaged it.`],
    vocabulary: vocabulary([parent], [choice.column], hinted),
  };
}

/**
 * "average quantity per order": the average of each parent's total; null for a plain grouping
 * ("average track length per genre": a genre is a group to compare, not an event to add up).
 */
export function averagePerParent(
  context: PlanContext,
  input: { measure: Measure; by: Token[]; filters: Filter[]; from: KnownTable | null; scale: Scale | null },
): QueryPlan | null {
  const perTable = matchTable(input.by, context.names);
  if (!perTable || perTable.used.size !== input.by.length || input.scale !== null) return null;
  const parent = requireTable(context, perTable.name);
  if (named(parent)) return null;
  const own = input.from === null || input.from === parent ? ownTotal(context, input, parent) : null;
  if (own) return own;
  const choice = measureCandidates(input.measure, input.from ? [input.from] : describedTables(context)).find(
    (candidate) => candidate.table !== parent && keyTo(candidate.table, parent) !== null,
  );
  // A price times a quantity is a line's amount: it adds up per parent, as the price alone does not.
  if (!choice || (!additive(choice.column) && !choice.times)) return null;
  noFilters(input.filters, parent.name);
  const key = keyTo(choice.table, parent);
  if (!key) return null;
  const operand = `c.${context.dialect.id(choice.column.name)}${choice.times ? ` * c.${context.dialect.id(choice.times.name)}` : ''}`;
  const measured = `${choice.column.name}${choice.times ? ` × ${choice.times.name}` : ''}`;
  const hinted = choice.hinted && input.measure.hint ? [...hintVocabulary[input.measure.hint]] : [];
  return {
    sql: perParentSql(context, choice.table, parent, key, operand),
    title: `Average ${measured} per ${parent.name}`,
    answer: { kind: 'per', counted: choice.table.name, measure: measured, per: parent.name },
    filters: [],
    notes: [
      ...context.notes,
      `I added up ${measured} of each ${parent.name} row's ${choice.table.name}, then averaged; ${parent.name} rows with none count as 0.`,
    ],
    vocabulary: vocabulary(
      [choice.table, parent],
      [choice.column, ...(choice.times ? [choice.times] : [])],
      hinted,
    ),
  };
}

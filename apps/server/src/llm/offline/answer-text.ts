import { formatNumber, type NumberKind, numberKindOf } from '@querent/contracts';
import type { AnswerSpec, QueryPlan } from './plan-types.ts';
import type { Aggregate } from './question.ts';

/*
 * The offline analyst's answers in markdown: what to know about how the question was read, then
 * the figure or a short sentence, the SQL it ran and the result table (embedded by the id run_sql
 * returned), and always a last line saying who answered and how to get a real model.
 */

export const OFFLINE_FOOTER = [
  '---',
  '_Answered by Querent\'s **offline analyst**: no language model is configured, so only simple questions are understood. For a full analyst, configure a model and restart Querent: `OPENAI_API_KEY=…` (OpenAI), `ANTHROPIC_API_KEY=…` (Anthropic), or `LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.1` for an OpenAI-compatible server such as Ollama, vLLM or LM Studio (`LLM_PROVIDER` and `LLM_API_KEY` choose explicitly). See "Choose a model" in the README._',
].join('\n');

/** A row as run_sql shows it: cells in the order of the result's columns. */
type Row = readonly unknown[];

export interface QueryResult {
  error: string | null;
  embed: string | null;
  rowCount: number | null;
  rows: Row[];
  columns: string[];
}

/**
 * Where a column the plan named sits in the result. Engines that fold unquoted aliases (Snowflake
 * upper-cases them) answer another case, so the exact name wins and any case comes next.
 */
export function columnIndex(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  if (exact !== -1) return exact;
  const folded = name.toLowerCase();
  return columns.findIndex((column) => column.toLowerCase() === folded);
}

/** The cell of the named column; undefined when the row or the column is missing. */
function cellOf(result: QueryResult, row: Row | undefined, name: string): unknown {
  const index = columnIndex(result.columns, name);
  return row && index !== -1 ? row[index] : undefined;
}

export function readQueryResult(output: Record<string, unknown> | null): QueryResult {
  if (output === null)
    return { error: 'The query returned nothing.', embed: null, rowCount: null, rows: [], columns: [] };
  const rows = Array.isArray(output.rows)
    ? (output.rows as unknown[]).filter((row): row is Row => Array.isArray(row))
    : [];
  const columns = Array.isArray(output.columns)
    ? (output.columns as unknown[]).map((column) => {
        if (typeof column === 'string') return column;
        const name = (column as { name?: unknown } | null)?.name;
        return typeof name === 'string' ? name : '';
      })
    : [];
  return {
    error: typeof output.error === 'string' ? output.error : null,
    embed: typeof output.embed === 'string' ? output.embed : null,
    rowCount: typeof output.rowCount === 'number' ? output.rowCount : null,
    rows,
    columns,
  };
}

/**
 * The answer is stored with the conversation and read by whoever opens it, in any locale, so its
 * figures are written one way, as in English (5,000; 1,234.57); the result table embedded beside
 * them shows the exact values, in the reader's own locale.
 */
const ANSWER_LOCALE = 'en-US';

/**
 * A figure as people read it, by the kind its column's name tells (2024 for a year, 1,234.50 for
 * money, 12.5% for a percentage, 1,234.57 otherwise); text as is, and a missing value as `empty`.
 */
export function formatValue(value: unknown, kind: NumberKind = 'measure'): string {
  if (value === null || value === undefined) return 'empty';
  const figure = formatNumber(value, kind, ANSWER_LOCALE);
  if (figure !== null) return figure;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The figure in the named column of the row, read by that column's kind. */
function figureOf(result: QueryResult, row: Row | undefined, name: string): string {
  return formatValue(cellOf(result, row, name), numberKindOf({ name }));
}

/** The first cell of the row, read by the kind of the result's first column. */
function firstFigure(result: QueryResult, row: Row | undefined): string {
  return formatValue(firstValue(row), numberKindOf({ name: result.columns[0] ?? '' }));
}

const code = (name: string) => `\`${name}\``;
const aggregateWords: Record<Aggregate, string> = {
  count: 'number of rows',
  sum: 'total',
  avg: 'average',
  min: 'lowest',
  max: 'highest',
};

function where(filters: readonly string[]): string {
  return filters.length === 0 ? '' : ` where ${filters.join(' and ')}`;
}

function plural(count: number | null, one: string, many: string): string {
  return count === 1 ? one : many;
}

/**
 * A column's value, not a figure computed from it: text as stored (a code such as '007' stays so),
 * a number by its column's kind (years and ids without thousands separators, a quantity with them).
 */
function storedText(value: unknown, column: string): string {
  return typeof value === 'string' ? value : formatValue(value, numberKindOf({ name: column }));
}

function labelOf(result: QueryResult, row: Row | undefined, labels: readonly string[]): string {
  if (!row) return '';
  return labels.map((label) => storedText(cellOf(result, row, label), label)).join(' ');
}

/** Rows tied for first, by their labels: "**A**, **B** and **C**", and how many more the model was not shown. */
function tiedLabels(result: QueryResult, labels: readonly string[]): string {
  const more = (result.rowCount ?? result.rows.length) - result.rows.length;
  const named = [
    ...result.rows.map((row) => `**${labelOf(result, row, labels)}**`),
    ...(more > 0 ? [`${formatValue(more)} more`] : []),
  ];
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`;
}

function firstValue(row: Row | undefined): unknown {
  return row?.[0];
}

function lead(answer: AnswerSpec, plan: QueryPlan, result: QueryResult): string {
  const { rows, rowCount } = result;
  const first = rows[0];
  const filters = where(plan.filters);
  switch (answer.kind) {
    case 'count':
      return `There are **${firstFigure(result, first)}** rows in ${code(answer.subject)}${filters}.`;
    case 'scalar': {
      const unit = answer.scale === null ? '' : ` ${answer.scale.replace(/^in\s+/i, '')}`;
      return `The ${aggregateWords[answer.aggregate]} of ${code(answer.measure)} in ${code(answer.subject)}${filters} is **${firstFigure(result, first)}**${unit}.`;
    }
    case 'share': {
      const of =
        answer.measure === null
          ? `\`${answer.subject}\` rows`
          : `${code(answer.measure)} in ${code(answer.subject)}`;
      if (answer.dimension === null) {
        return `**${formatValue(firstValue(first), 'percent')}** of ${of}${where(answer.part === null ? [] : [answer.part])}.`;
      }
      if (!first) return `No rows for the share of ${of} by ${answer.dimension}${filters}.`;
      return `The share of ${of} by ${answer.dimension}${filters}: **${labelOf(result, first, answer.labels)}** is highest with **${formatValue(cellOf(result, first, answer.value), 'percent')}**.`;
    }
    case 'per': {
      const what =
        answer.measure === null
          ? `\`${answer.counted}\` rows`
          : `${code(answer.measure)} of \`${answer.counted}\``;
      return `On average there are **${firstFigure(result, first)}** ${what} per ${code(answer.per)}.`;
    }
    case 'grouped': {
      const what =
        answer.measure === null
          ? `number of ${code(answer.subject)} rows`
          : `${aggregateWords[answer.aggregate]} of ${code(answer.measure)} in ${code(answer.subject)}`;
      if (!first) return `No rows for the ${what} by ${answer.dimension}${filters}.`;
      const leader = `**${labelOf(result, first, answer.labels)}**`;
      const value = `**${figureOf(result, first, answer.value)}**`;
      if (answer.limit === 1) {
        const most = answer.direction === 'asc' ? 'lowest' : 'highest';
        if (rows.length > 1)
          return `${tiedLabels(result, answer.labels)} tie for the ${most} ${what}${filters}, with ${value} each (by ${answer.dimension}).`;
        return `${leader} has the ${most} ${what}${filters}, with ${value} (by ${answer.dimension}).`;
      }
      if (answer.limit !== null) {
        const edge = answer.direction === 'asc' ? 'Bottom' : 'Top';
        const count = rows.length < answer.limit ? rows.length : answer.limit;
        return `${edge} ${count} ${answer.dimension} by ${what}${filters}: ${leader} comes first with ${value}.`;
      }
      const groups = `${formatValue(rowCount ?? rows.length)} ${plural(rowCount, 'group', 'groups')}`;
      const period = answer.labels.includes('year') || answer.labels.includes('month');
      if (period) {
        const last = rows.at(-1);
        // The model sees at most 20 rows: name the last period only when it is the true last.
        const end =
          rows.length === (rowCount ?? rows.length)
            ? ` to **${labelOf(result, last, answer.labels)}** (**${figureOf(result, last, answer.value)}**)`
            : '';
        return `The ${what} by ${answer.dimension}${filters} (${groups}), from ${leader} (${value})${end}.`;
      }
      return `The ${what} by ${answer.dimension}${filters} (${groups}): ${leader} is highest with ${value}.`;
    }
    case 'ranked': {
      if (!first) return `No row of ${code(answer.subject)}${filters} has a ${code(answer.column)}.`;
      const edge = answer.dated
        ? answer.direction === 'asc'
          ? 'earliest'
          : 'latest'
        : answer.direction === 'asc'
          ? 'lowest'
          : 'highest';
      const named = answer.labels.length > 0 ? labelOf(result, first, answer.labels) : '';
      const key =
        answer.labels.length === 1 && !/name|title/i.test(answer.labels[0] ?? '')
          ? `${answer.labels[0] ?? ''} `
          : '';
      if (answer.limit === 1 && rows.length > 1)
        return `${tiedLabels(result, answer.labels)} tie for the ${edge} ${code(answer.column)} of ${code(answer.subject)}${filters}, with **${figureOf(result, first, answer.column)}** each.`;
      const count = rows.length === 1 ? '' : ` ${formatValue(rows.length)}`;
      return `The${count} ${edge} ${code(answer.subject)} by ${code(answer.column)}${filters}: ${rows.length === 1 ? '' : 'first is '}**${key}${named}** with **${figureOf(result, first, answer.column)}**.`;
    }
    case 'distinct': {
      if (answer.count) {
        return `${code(answer.column)} in ${code(answer.subject)}${filters} has **${formatValue(firstValue(first))}** distinct values.`;
      }
      const shown = rows.slice(0, 10).map((row) => storedText(firstValue(row), answer.column));
      const more = (rowCount ?? rows.length) > shown.length ? ', …' : '';
      return `${code(answer.column)} in ${code(answer.subject)}${filters} has **${formatValue(rowCount ?? rows.length)}** distinct values: ${shown.join(', ')}${more}`;
    }
    case 'rows':
      if ((rowCount ?? rows.length) === 0) return `No row of ${code(answer.subject)} matches${filters}.`;
      return `Here ${plural(rowCount, 'is', 'are')} ${formatValue(rowCount ?? rows.length)} ${plural(rowCount, 'row', 'rows')} of ${code(answer.subject)}${filters}${rowCount === answer.limit && answer.limit > 1 ? ` (the first ${answer.limit})` : ''}.`;
    case 'sql':
      return `Your query returned **${formatValue(rowCount ?? rows.length)}** ${plural(rowCount, 'row', 'rows')}.`;
  }
}

function sqlBlock(sql: string): string {
  return ['```sql', sql, '```'].join('\n');
}

/** The answer to a question whose query ran, or failed. */
export function answerQuery(plan: QueryPlan, result: QueryResult): string {
  if (result.error !== null) {
    return [
      `The query failed. The database said: ${result.error}`,
      sqlBlock(plan.sql),
      plan.answer.kind === 'sql'
        ? 'Fix the SQL and send it again.'
        : 'Try rephrasing the question, or write the SQL yourself.',
      OFFLINE_FOOTER,
    ].join('\n\n');
  }
  // What to know about how the question was read comes before the figure it qualifies.
  const parts = plan.notes.length > 0 ? [[...new Set(plan.notes)].map((note) => `_${note}_`).join('\n')] : [];
  parts.push(lead(plan.answer, plan, result), sqlBlock(plan.sql));
  if (result.embed !== null) parts.push(result.embed);
  parts.push(OFFLINE_FOOTER);
  return parts.join('\n\n');
}
